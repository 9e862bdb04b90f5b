import { describeErrors, describeValue } from "../page/describe-result";
import type { Budget } from "./args";
import { describeComparison, type Comparison } from "./baseline";
import { countedChecks } from "./crawl-issues";
import type { PageReport } from "./page-report";
import type { RunReport } from "./run-report";
import type { SiteReport } from "./site-report";
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

/**
 * What judged the page or site: a `baseline` testcase when the baseline had it (failing on what got worse, with the
 * whole comparison as its text), else a `budget` testcase when a budget is given.
 */
function verdictCase(judged: { budget: { passed: boolean; reasons: string[] }; vsBaseline: Comparison | "missing" | null }, budget: Budget, classname: string): string[] {
  const { passed, reasons } = judged.budget;
  if (judged.vsBaseline !== null && judged.vsBaseline !== "missing") {
    const attributes = { name: "baseline", classname: `${classname}.baseline` };
    const text = escapeXml(describeComparison(judged.vsBaseline));
    if (passed) return [element("testcase", attributes, element("system-out", {}, text))];
    return [element("testcase", attributes, element("failure", { message: reasons.join("; "), type: "baseline" }, text))];
  }
  if (budget.minScore === null && budget.failOn === null) return [];
  const attributes = { name: "budget", classname: `${classname}.budget` };
  if (passed) return [element("testcase", attributes)];
  return [element("testcase", attributes, element("failure", { message: reasons.join("; "), type: "budget" }))];
}

interface Suite {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
}

function pageSuite(page: PageReport, budget: Budget): Suite {
  const { report } = page;
  if (report.status !== "completed") {
    const error = element("error", { message: report.error?.message ?? "", type: report.error?.code ?? "" });
    const counts = { tests: 1, failures: 0, errors: 1 };
    return { ...counts, xml: element("testsuite", { name: page.url, ...counts }, element("testcase", { name: "analysis", classname: "pagegrade" }, error)) };
  }
  const cases = [...checkCases(page), ...verdictCase(page, budget, "pagegrade")];
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

/** One testcase per site check: a failure lists how many problems and their examples (one JSON line each). */
function siteSuite(site: SiteReport, budget: Budget): Suite {
  const failed = new Map(site.failed.map((check) => [check.id, check]));
  const checkCases = Object.entries(site.checks).map(([id, verdict]) => {
    const attributes = { name: id, classname: "pagegrade.site" };
    const check = failed.get(id);
    if (!verdict.applicable) return element("testcase", attributes, element("skipped", { message: "not applicable to this crawl" }));
    if (!check) return element("testcase", attributes);
    const body = [`count: ${verdict.count}`, ...verdict.examples.map((example) => `example: ${JSON.stringify(example)}`), `fix: ${check.fix}`].join("\n");
    return element("testcase", attributes, element("failure", { message: check.title, type: "site" }, escapeXml(body)));
  });
  const cases = [...checkCases, ...verdictCase(site, budget, "pagegrade.site")];
  const properties = element("properties", {}, [
    element("property", { name: "score", value: site.score ?? "" }),
    element("property", { name: "result", value: site.result ?? "" }),
    element("property", { name: "discovered_by", value: site.discoveredBy }),
    ...Object.entries(site.pages).map(([state, count]) => element("property", { name: `pages_${state}`, value: count })),
  ].join(""));
  const counts = { tests: cases.length, failures: site.failed.length + (site.budget.passed ? 0 : 1), errors: 0 };
  return { ...counts, xml: element("testsuite", { name: `site checks: ${site.url}`, ...counts }, [properties, ...cases].join("\n")) };
}

/** A crawl's issues: one testcase per failing check, listing every page failing it (a site check: its examples). */
function issueSuite(run: RunReport, site: SiteReport): Suite {
  const cases = site.issues.map((row) => {
    const pages = row.kind === "page" ? run.pages.filter((page) => countedChecks(page).includes(row.check)).map((page) => page.url) : row.examples;
    const body = [`${row.kind === "page" ? "pages" : "problems"}: ${row.pages}`, ...pages.map((url) => `page: ${url}`), `fix: ${row.fix}`].join("\n");
    const attributes = { name: row.check, classname: `pagegrade.issues.${row.importance}` };
    return element("testcase", attributes, element("failure", { message: row.title, type: row.importance }, escapeXml(body)));
  });
  const counts = { tests: cases.length, failures: cases.length, errors: 0 };
  return { ...counts, xml: element("testsuite", { name: `issues: ${site.url}`, ...counts }, cases.join("\n")) };
}

/**
 * A crawl's issues first (one testcase per failing check), then one testsuite per page, one testcase per check (failures as <failure>), plus one for the budget or the baseline;
 * a crawl adds one testsuite for the site checks, one testcase each.
 */
export function formatJunit(run: RunReport): string {
  const site = run.site ? [issueSuite(run, run.site), siteSuite(run.site, run.budget)] : [];
  const suites = [...site, ...run.pages.map((page) => pageSuite(page, run.budget))];
  const total = (key: "tests" | "failures" | "errors") => suites.reduce((sum, one) => sum + one[key], 0);
  const attributes = { name: "pagegrade", tests: total("tests"), failures: total("failures"), errors: total("errors") };
  const body = `\n${suites.map((one) => one.xml).join("\n")}\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element("testsuites", attributes, body)}\n`;
}
