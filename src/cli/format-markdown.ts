import { describeErrors } from "../page/describe-result";
import type { PageReport } from "./page-report";
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

/** A table fit for a GitHub job summary or a pull-request comment, then each page's failed checks folded away. */
export function formatMarkdown(pages: PageReport[]): string {
  const lines = [
    "## pagegrade SEO audit",
    "",
    summaryLine(pages),
    "",
    "| Page | Score | Result | High | Medium | Low | Budget |",
    "|---|---:|---|---:|---:|---:|---|",
    ...pages.map(row),
    ...pages.flatMap(details),
  ];
  return `${lines.join("\n")}\n`;
}
