import { describeErrors } from "../page/describe-result";
import { describeComparison, type Comparison } from "./baseline";
import type { Paint } from "./color";
import type { PageReport } from "./page-report";
import type { RunReport } from "./run-report";
import type { SiteReport } from "./site-report";
import { summaryLine } from "./summary";

// Page text must not drive the terminal: an escape sequence in a <title> would otherwise recolour or rewrite the screen.
export const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");

const resultColor = { good: "green", decent: "yellow", bad: "red" } as const;
const importanceColor = { high: "red", medium: "yellow", low: "dim" } as const;
/** Examples of a failed site check shown in text; json and junit have them all (up to the API's 20). */
const TEXT_EXAMPLES = 5;

const verdictOf = (budget: { passed: boolean; reasons: string[] }, paint: Paint) =>
  budget.passed ? paint.green("PASS") : paint.red(`FAIL: ${budget.reasons.join("; ")}`);

function baselineLine(vsBaseline: Comparison | "missing" | null, paint: Paint): string[] {
  if (vsBaseline === null) return [];
  if (vsBaseline === "missing") return [paint.dim("  not in the baseline: judged by the budget")];
  return [`  vs baseline: ${describeComparison(vsBaseline)}`];
}

function headline(page: PageReport, paint: Paint): string {
  const { report } = page;
  if (report.status !== "completed") {
    return `${paint.bold(printable(page.url))}\n  ${paint.red("could not be analysed")}: ${printable(report.error?.message ?? "")} (${report.error?.code})`;
  }
  const color = resultColor[report.result ?? "bad"];
  const { high, medium, low } = report.issues;
  const score = paint[color](`${report.score}/100 ${report.result}`);
  return `${paint.bold(printable(page.url))}\n  ${score}  issues: ${high} high, ${medium} medium, ${low} low  ${verdictOf(page.budget, paint)}`;
}

function failedLines(page: PageReport, paint: Paint): string[] {
  return page.failed.flatMap((check) => {
    const why = printable(describeErrors(check.errors));
    return [
      `  ${paint[importanceColor[check.importance]](check.importance.padEnd(6))}  ${check.id}: ${check.title}${why ? paint.dim(` (${why})`) : ""}`,
      `          fix: ${check.fix}`,
    ];
  });
}

function siteBlock(site: SiteReport, paint: Paint): string {
  const { audited, failed, blocked } = site.pages;
  const score = site.score === null ? "no score" : paint[resultColor[site.result ?? "bad"]](`${site.score}/100 ${site.result}`);
  const lines = [
    `${paint.bold(`Site ${printable(site.url)}`)} (pages found by ${site.discoveredBy}${site.truncated ? ", limit reached" : ""})`,
    `  ${score}  pages: ${audited} audited, ${failed} failed, ${blocked} blocked by robots.txt  ${verdictOf(site.budget, paint)}`,
    ...baselineLine(site.vsBaseline, paint),
    ...site.failed.flatMap((check) => [
      `  ${paint.yellow("site".padEnd(6))}  ${check.id}: ${check.title} (${check.verdict.count})`,
      ...check.verdict.examples.slice(0, TEXT_EXAMPLES).map((example) => `          ${printable(typeof example === "string" ? example : JSON.stringify(example))}`),
      ...(check.verdict.count > TEXT_EXAMPLES ? [paint.dim(`          and ${check.verdict.count - TEXT_EXAMPLES} more`)] : []),
      `          fix: ${check.fix}`,
    ]),
  ];
  return lines.join("\n");
}

/**
 * Score and result per page, then its failed checks by importance with title and fix (a crawl's site and its failed
 * site checks first); `brief` keeps the headlines only.
 */
export function formatText(run: RunReport, paint: Paint, { brief = false } = {}): string {
  const site = run.site ? [brief ? siteBlock({ ...run.site, failed: [] }, paint) : siteBlock(run.site, paint)] : [];
  const blocks = run.pages.map((page) => [headline(page, paint), ...baselineLine(page.vsBaseline, paint), ...(brief ? [] : failedLines(page, paint))].join("\n"));
  return `${[...site, ...blocks].join(brief ? "\n" : "\n\n")}\n\n${summaryLine(run)}\n`;
}
