import { describeErrors } from "../page/describe-result";
import type { Paint } from "./color";
import type { PageReport } from "./page-report";
import { summaryLine } from "./summary";

// Page text must not drive the terminal: an escape sequence in a <title> would otherwise recolour or rewrite the screen.
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");

const resultColor = { good: "green", decent: "yellow", bad: "red" } as const;
const importanceColor = { high: "red", medium: "yellow", low: "dim" } as const;

function headline(page: PageReport, paint: Paint): string {
  const { report, budget } = page;
  const verdict = budget.passed ? paint.green("PASS") : paint.red(`FAIL: ${budget.reasons.join("; ")}`);
  if (report.status !== "completed") {
    return `${paint.bold(printable(page.url))}\n  ${paint.red("could not be analysed")}: ${printable(report.error?.message ?? "")} (${report.error?.code})`;
  }
  const color = resultColor[report.result ?? "bad"];
  const { high, medium, low } = report.issues;
  const score = paint[color](`${report.score}/100 ${report.result}`);
  return `${paint.bold(printable(page.url))}\n  ${score}  issues: ${high} high, ${medium} medium, ${low} low  ${verdict}`;
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

/** Score and result per page, then its failed checks by importance with title and fix; `brief` keeps the headline only. */
export function formatText(pages: PageReport[], paint: Paint, { brief = false } = {}): string {
  const blocks = pages.map((page) => [headline(page, paint), ...(brief ? [] : failedLines(page, paint))].join("\n"));
  return `${blocks.join(brief ? "\n" : "\n\n")}\n\n${summaryLine(pages)}\n`;
}
