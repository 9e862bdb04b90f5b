import { describeErrors } from "../page/describe-result";
import { describeComparison } from "./baseline";
import type { PageReport } from "./page-report";
import type { RunReport } from "./run-report";
import type { SiteReport } from "./site-report";
import { summaryLine } from "./summary";

/** A table cell: one line, no pipes, no HTML a renderer would run (GitHub renders job summaries as Markdown + HTML). */
const cell = (text: string) =>
  text.replace(/[\r\n]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\|`*_[\]])/g, "\\$1");

// The destination in <...> may hold parentheses; href has percent-encoded spaces, < and >, and a pipe would end the cell.
const link = (url: string) => `[${cell(url)}](<${new URL(url).href.replace(/\|/g, "%7C")}>)`;

function row(page: PageReport): string {
  const { report, budget } = page;
  const verdict = budget.passed ? "✅ pass" : `❌ ${cell(budget.reasons.join("; "))}`;
  if (report.status !== "completed") return `| ${link(page.url)} | – | ${cell(report.error?.code ?? "")} | – | – | – | ${verdict} |`;
  const { high, medium, low } = report.issues;
  return `| ${link(page.url)} | ${report.score} | ${report.result} | ${high} | ${medium} | ${low} | ${verdict} |`;
}

function details(page: PageReport): string[] {
  if (page.failed.length === 0) return [];
  const rows = page.failed.map((check) => {
    const why = describeErrors(check.errors);
    return `| ${check.importance} | \`${check.id}\` ${cell(check.title)}${why ? ` (${cell(why)})` : ""} | ${cell(check.fix)} |`;
  });
  const summary = `${page.failed.length} failed check${page.failed.length === 1 ? "" : "s"}: ${cell(page.url)}`;
  return ["", `<details><summary>${summary}</summary>`, "", "| Importance | Check | Fix |", "|---|---|---|", ...rows, "", "</details>"];
}

/** Only pages the baseline had: what changed, page by page. */
function baselineTable(run: RunReport): string[] {
  if (!run.baseline) return [];
  const judged = [...(run.site ? [{ url: run.site.url, label: "site checks", vs: run.site.vsBaseline }] : []), ...run.pages.map((page) => ({ url: page.url, label: "", vs: page.vsBaseline }))];
  const rows = judged.map(({ url, label, vs }) => {
    const what = vs === "missing" || vs === null ? "not in the baseline: judged by the budget" : describeComparison(vs);
    const worse = vs !== "missing" && vs !== null && vs.worse.length > 0 ? "❌ worse" : "✅";
    return `| ${link(url)}${label ? ` (${label})` : ""} | ${cell(what)} | ${worse} |`;
  });
  return ["", `### Compared with ${cell(run.baseline.file)} (max drop ${run.baseline.maxDrop})`, "", "| Page | Changes | |", "|---|---|---|", ...rows];
}

function siteSection(site: SiteReport): string[] {
  const verdict = site.budget.passed ? "✅ pass" : `❌ ${cell(site.budget.reasons.join("; "))}`;
  const { audited, failed, blocked } = site.pages;
  const rows = Object.entries(site.checks).map(([id, check]) => {
    const state = !check.applicable ? "– not applicable" : check.passed ? "✅" : `❌ ${check.count}`;
    const example = check.passed ? "" : cell(check.examples.slice(0, 3).map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join(", "));
    return `| \`${id}\` | ${state} | ${example} |`;
  });
  return [
    `**Site ${link(site.url)}**: ${site.score ?? "–"} ${site.result ?? ""}, ${audited} pages audited, ${failed} failed, ${blocked} blocked by robots.txt. ${verdict}`,
    "",
    "| Site check | Result | Examples |",
    "|---|---|---|",
    ...rows,
    "",
  ];
}

/** A crawl's issues across its pages: one row per failing check, most important first. */
function issueSection(site: SiteReport): string[] {
  const rows = site.issues.map(
    (row) =>
      `| ${row.importance} | \`${row.check}\` ${cell(row.title)} | ${row.pages} | ${row.kind === "site" ? "–" : `${Math.round(row.share * 100)}%`} | ${cell(row.examples.slice(0, 3).join(", "))} |`,
  );
  const compare = site.compare
    ? [
        "",
        `Compared with the baseline: ${site.compare.failures.new} new failures, ${site.compare.failures.fixed} fixed; new issues: ${cell(site.compare.issues.new.join(", ") || "none")}; fixed issues: ${cell(site.compare.issues.fixed.join(", ") || "none")}.`,
      ]
    : [];
  return [`### Issues across ${site.pages.audited} audited pages`, "", "| Importance | Check | Pages | Share | Examples |", "|---|---|---:|---:|---|", ...rows, ...compare, ""];
}

/** A table fit for a GitHub job summary or a pull-request comment (a crawl's issues and site checks first), then each page's failed checks folded away. */
export function formatMarkdown(run: RunReport): string {
  const lines = [
    "## pagegrade SEO audit",
    "",
    summaryLine(run),
    "",
    ...(run.site ? [...issueSection(run.site), ...siteSection(run.site)] : []),
    "| Page | Score | Result | High | Medium | Low | Budget |",
    "|---|---:|---|---:|---:|---:|---|",
    ...run.pages.map(row),
    ...baselineTable(run),
    ...run.pages.flatMap(details),
  ];
  return `${lines.join("\n")}\n`;
}
