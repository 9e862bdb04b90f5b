import { describeErrors } from "../page/describe-result";
import { describeComparison, type Comparison } from "./baseline";
import type { Paint } from "./color";
import type { PageReport } from "./page-report";
import type { LabMetrics, Results } from "../analysis/types";
import { fieldView, type FieldView } from "../page/field-view";
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
  const line = `${paint.bold(printable(page.url))}\n  ${score}  issues: ${high} high, ${medium} medium, ${low} low  ${verdictOf(page.budget, paint)}`;
  const field = report.results ? fieldView(report.results as Results) : null;
  return [line, ...(report.metrics ? [`  ${labLine(report.metrics)}`] : []), ...(field ? [`  ${fieldLine(field)}`] : [])].join("\n");
}

/** What real visitors saw (the Chrome UX Report's p75 `core_web_vitals` judged), on one line; "-" where CrUX has no data. */
function fieldLine(field: FieldView): string {
  const { lcp_ms, inp_ms, cls } = field.p75;
  const of = field.source === "url" ? "this page" : "its origin";
  return `field (${field.form_factor.toLowerCase()}, ${of}, p75): LCP ${lcp_ms === null ? "-" : `${(lcp_ms / 1000).toFixed(1)} s`}  INP ${inp_ms ?? "-"}${inp_ms === null ? "" : " ms"}  CLS ${cls ?? "-"}`;
}

/** The lab metrics of a rendered page, on one line (docs/analysis.md "Page experience"). */
function labLine(m: LabMetrics): string {
  const lcp = m.lcp_ms === null ? "none" : `${(m.lcp_ms / 1000).toFixed(1)} s`;
  const element = m.lcp_element ? ` (${printable(m.lcp_element.selector)})` : "";
  return `${m.device}: LCP ${lcp}${element}  CLS ${m.cls}  TBT ${m.tbt_ms} ms  FCP ${m.fcp_ms ?? "-"} ms  ${Math.round(m.bytes / 1024)} KiB in ${m.requests} requests`;
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

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A crawl's issues across its pages, one line per failing check (and what changed since a crawl baseline). */
function issueTable(site: SiteReport, paint: Paint): string {
  const { compare } = site;
  const lines = [
    paint.bold(`Issues across ${site.pages.audited} audited page${site.pages.audited === 1 ? "" : "s"}: ${site.issues.length} failing check${site.issues.length === 1 ? "" : "s"}`),
    ...site.issues.map((row) => {
      const pages = `${row.pages} ${row.kind === "site" ? "found" : `page${row.pages === 1 ? "" : "s"} (${percent(row.share)})`}`;
      return `  ${paint[importanceColor[row.importance]](row.importance.padEnd(6))}  ${row.check.padEnd(28)} ${pages.padEnd(16)} ${row.title}`;
    }),
  ];
  if (compare) {
    const { issues, failures, pages } = compare;
    lines.push(
      `  vs baseline: ${failures.new} new failure${failures.new === 1 ? "" : "s"}, ${failures.fixed} fixed, ${failures.remaining} remaining; ` +
        `pages ${pages.added.pages} added, ${pages.removed.pages} removed; new issues: ${issues.new.join(", ") || "none"}; fixed issues: ${issues.fixed.join(", ") || "none"}`,
    );
  }
  return lines.join("\n");
}

/**
 * A crawl's issue table first, then its site and failed site checks; then score and result per page with its failed
 * checks by importance, title and fix; `brief` keeps the headlines only.
 */
export function formatText(run: RunReport, paint: Paint, { brief = false } = {}): string {
  const issues = run.site && !brief ? [issueTable(run.site, paint)] : [];
  const site = [...issues, ...(run.site ? [brief ? siteBlock({ ...run.site, failed: [] }, paint) : siteBlock(run.site, paint)] : [])];
  const blocks = run.pages.map((page) => [headline(page, paint), ...baselineLine(page.vsBaseline, paint), ...(brief ? [] : failedLines(page, paint))].join("\n"));
  return `${[...site, ...blocks].join(brief ? "\n" : "\n\n")}\n\n${summaryLine(run)}\n`;
}
