import { describeErrors, describeValue } from "../page/describe-result";
import type { Budget } from "./args";
import type { PageReport } from "./page-report";
import { element, escapeXml } from "./xml";

function checkCases(page: PageReport): string[] {
  const results = page.report.results ?? {};
  const failed = new Map(page.failed.map((check) => [check.id, check]));
  return Object.entries(results).map(([id, result]) => {
    const attributes = { name: id, classname: `pagegrade.${result.category}.${result.importance}` };
    const check = failed.get(id);
    if (!check) return element("testcase", attributes);
    const body = [`found: ${describeValue(check.value)}`, `problem: ${describeErrors(check.errors)}`, `fix: ${check.fix}`].join("\n");
    return element("testcase", attributes, element("failure", { message: check.title, type: check.importance }, escapeXml(body)));
  });
}

function budgetCase(page: PageReport, budget: Budget): string[] {
  if (budget.minScore === null && budget.failOn === null) return [];
  const attributes = { name: "budget", classname: "pagegrade.budget" };
  if (page.budget.passed) return [element("testcase", attributes)];
  return [element("testcase", attributes, element("failure", { message: page.budget.reasons.join("; "), type: "budget" }))];
}

interface Suite {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
}

function suite(page: PageReport, budget: Budget): Suite {
  const { report } = page;
  if (report.status !== "completed") {
    const error = element("error", { message: report.error?.message ?? "", type: report.error?.code ?? "" });
    const counts = { tests: 1, failures: 0, errors: 1 };
    return { ...counts, xml: element("testsuite", { name: page.url, ...counts }, element("testcase", { name: "analysis", classname: "pagegrade" }, error)) };
  }
  const cases = [...checkCases(page), ...budgetCase(page, budget)];
  const failures = page.failed.length + (page.budget.passed ? 0 : 1);
  const properties = element("properties", {}, [
    element("property", { name: "score", value: report.score ?? "" }),
    element("property", { name: "result", value: report.result ?? "" }),
    element("property", { name: "final_url", value: report.final_url ?? "" }),
  ].join(""));
  const counts = { tests: cases.length, failures, errors: 0 };
  const xml = element("testsuite", { name: page.url, ...counts, timestamp: report.generated_at ?? "" }, [properties, ...cases].join("\n"));
  return { ...counts, xml };
}

/** One testsuite per page, one testcase per check (failures as <failure>), plus one for the budget when one is set. */
export function formatJunit(pages: PageReport[], budget: Budget): string {
  const suites = pages.map((page) => suite(page, budget));
  const total = (key: "tests" | "failures" | "errors") => suites.reduce((sum, one) => sum + one[key], 0);
  const attributes = { name: "pagegrade", tests: total("tests"), failures: total("failures"), errors: total("errors") };
  const body = `\n${suites.map((one) => one.xml).join("\n")}\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element("testsuites", attributes, body)}\n`;
}
