import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { allChecks } from "../analysis/checks";
import type { Results } from "../analysis/types";
import type { AppEnv } from "../env";
import type { ReportRow } from "../reports/serialize";
import { arrangeChecks } from "./arrange-checks";
import { Layout } from "./components/layout";
import { formatUtc, hostOf, ReportView, type ReportSummary } from "./components/report-view";
import { FailedView, ProgressView } from "./components/status-views";
import { describeRetry } from "./describe-retry";
import { sendPage } from "./respond";
import { structuredDataView } from "./structured-data-view";
import { fieldView } from "./field-view";

export const REFRESH_SECONDS = 5;

/** The finished part of a report, or null while it has never been analysed successfully. */
export function summarize(row: ReportRow): ReportSummary | null {
  if (row.score === null || row.result === null || !row.results || typeof row.results !== "object") return null;
  return {
    url: row.url,
    finalUrl: row.finalUrl,
    generatedAt: row.generatedAt,
    score: row.score,
    result: row.result,
    issues: { high: row.issuesHigh, medium: row.issuesMedium, low: row.issuesLow },
    sections: arrangeChecks(row.results as Results, allChecks),
    structuredData: structuredDataView(row.results as Results),
    metrics: row.metrics ?? null,
    field: fieldView(row.results as Results),
  };
}

const isRunning = (row: ReportRow) => row.status === "queued" || row.status === "processing";

function pageNote(row: ReportRow) {
  if (isRunning(row) && row.generatedAt) {
    return (
      <p class="note" role="status">
        A new analysis is running. These are the previous results, from {formatUtc(row.generatedAt)}; this page reloads
        itself until the new ones are in.
      </p>
    );
  }
  if (row.status === "failed") {
    return (
      <p class="note note-error" role="status">
        The latest analysis failed: {row.errorMessage || "the page could not be analysed"}. These are the results of the
        previous one.
      </p>
    );
  }
  return undefined;
}

/** The report as its reader sees it: results, progress, or the failure in plain words. */
export function sendReportPage(c: Context<AppEnv>, row: ReportRow, { noindex, history }: { noindex: boolean; history?: Child }) {
  const canonical = `${new URL(c.req.url).origin}/reports/${row.id}`;
  const host = hostOf(row.url);
  const summary = summarize(row);
  const refreshSeconds = isRunning(row) ? REFRESH_SECONDS : undefined;
  const common = { canonical, noindex, refreshSeconds };
  if (summary) {
    const { high, medium, low } = summary.issues;
    return sendPage(
      c,
      <Layout
        {...common}
        title={`SEO report for ${host}: ${summary.score}/100 · Pagegrade`}
        description={`SEO audit of ${row.url}: score ${summary.score}/100 (${summary.result}), with ${high} high, ${medium} medium and ${low} low importance issues.`}
      >
        <ReportView report={summary} note={pageNote(row)} history={history} />
      </Layout>,
    );
  }
  if (row.status === "queued" || row.status === "processing") {
    return sendPage(
      c,
      <Layout {...common} title={`Analysing ${host} · Pagegrade`} description={`The SEO audit of ${row.url} is in progress.`}>
        <ProgressView status={row.status} retry={describeRetry(row, c.var.settings.analysisMaxAttempts)} />
      </Layout>,
    );
  }
  return sendPage(
    c,
    <Layout {...common} title={`Analysis failed for ${host} · Pagegrade`} description={`The SEO audit of ${row.url} failed.`}>
      <FailedView url={row.url} message={row.errorMessage ?? ""} code={row.errorCode} />
    </Layout>,
  );
}
