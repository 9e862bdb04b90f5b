import { analyzePage } from "../analysis/analyze";
import type { Db } from "../db/client";
import type { AnalysisJob, AnalysisPath } from "../reports/analysis-job";
import { markProcessing } from "../reports/generation";

/** A report analysed on its own: nothing to wait for before the fetch, nothing to settle after its end. */
export function loneReportPath(db: Db, job: AnalysisJob): AnalysisPath {
  return {
    async analyze(url, options) {
      // The processing mark is written while the page is fetched: one D1 round trip off the time to report.
      const [, outcome] = await Promise.all([markProcessing(db, job), analyzePage(url, options)]);
      return { next: "finish", outcome };
    },
    settle: async () => {},
    settleWithoutFetch: async () => {},
  };
}
