import { ExperienceSection } from "./experience-section";
import type { LabMetrics } from "../../analysis/types";
import type { Child } from "hono/jsx";
import type { CategorySection } from "../arrange-checks";
import { resultWords, type ResultLabel } from "../palette";
import { ScoreGauge } from "./score-gauge";
import { CategoryList } from "./check-list";
import type { StructuredDataView } from "../structured-data-view";
import type { FieldView } from "../field-view";
import { StructuredDataSection } from "./structured-data-section";

export interface ReportSummary {
  url: string;
  finalUrl: string | null;
  generatedAt: string | null;
  score: number;
  result: ResultLabel;
  issues: { high: number; medium: number; low: number };
  sections: CategorySection[];
  structuredData?: StructuredDataView | null;
  /** A rendered report's lab metrics: the "Page experience" section. */
  metrics?: LabMetrics | null;
  /** What real visitors saw (the Chrome UX Report), beside the lab metrics in "Page experience". */
  field?: FieldView | null;
}

/** Only http(s) URLs become links: anything else stored in a report is shown as text. */
export const SafeLink = ({ href }: { href: string }) =>
  /^https?:\/\//i.test(href) ? (
    <a href={href} rel="nofollow noopener noreferrer">
      {href}
    </a>
  ) : (
    <>{href}</>
  );

/** "2026-11-18 14:03 UTC": the same text for every reader, whatever their time zone. */
export const formatUtc = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
};

export const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const ReportView = ({ report, note, history }: { report: ReportSummary; note?: Child; history?: Child }) => {
  const total = report.sections.reduce((sum, s) => sum + s.rows.length, 0);
  const passed = report.sections.reduce((sum, s) => sum + s.passed, 0);
  return (
    <>
      <h1>SEO report for {hostOf(report.url)}</h1>
      <dl class="urls">
        <dt>URL</dt>
        <dd>
          <SafeLink href={report.url} />
        </dd>
        {report.finalUrl && report.finalUrl !== report.url && (
          <>
            <dt>Final URL</dt>
            <dd>
              <SafeLink href={report.finalUrl} />
            </dd>
          </>
        )}
        {report.generatedAt && (
          <>
            <dt>Generated</dt>
            <dd>
              <time datetime={report.generatedAt}>{formatUtc(report.generatedAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {note}
      <section class="summary" aria-labelledby="summary-heading">
        <ScoreGauge score={report.score} result={report.result} />
        <div class="verdict">
          <h2 id="summary-heading" class="sr-only">
            Summary
          </h2>
          <p>
            <span class={`badge badge-${report.result}`}>{resultWords[report.result]}</span>{" "}
            <span class="muted">
              Score {report.score}/100 · {passed} of {plural(total, "check")} passed
            </span>
          </p>
          <p class="muted">Failed checks by importance:</p>
          <ul class="counts" aria-label="Failed checks by importance">
            <li>
              <strong>{report.issues.high}</strong>high
            </li>
            <li>
              <strong>{report.issues.medium}</strong>medium
            </li>
            <li>
              <strong>{report.issues.low}</strong>low
            </li>
          </ul>
        </div>
      </section>
      {(report.metrics || report.field) && <ExperienceSection metrics={report.metrics ?? null} field={report.field ?? null} />}
      {history}
      <CategoryList sections={report.sections} />
      {report.structuredData && <StructuredDataSection view={report.structuredData} />}
    </>
  );
};
