import { sql } from "drizzle-orm";
import { analyzePage } from "../analysis/analyze";
import type { Db } from "../db/client";
import { reports } from "../db/schema";
import type { AnalysisJob } from "../reports/analysis-job";
import { failures } from "../targets/failures";
import { markProcessing } from "../reports/generation";
import type { RenderPool } from "../render/browser-pool";
import type { AnalysisPath } from "./analysis-path";

/**
 * A report analysed on its own, with its own login and `render`: nothing to wait for before the fetch, nothing to
 * settle after its end.
 */
export function loneReportPath(db: Db, pool: RenderPool | null, job: AnalysisJob): AnalysisPath {
  return {
    fetchedWith: { sealedAuth: sql<string | null>`${reports.authSecret}`, render: sql<number>`${reports.render}` },
    async analyze(url, options, render) {
      if (render === 1 && !pool) {
        await markProcessing(db, job);
        return { next: "finish", outcome: failures.renderingOff };
      }
      // A rendered audit gets a fresh browser context of the invocation's browser: nothing of another audit in it.
      const rendering = render === 1 && pool ? { ...options, render: pool.forAudit(), renderTimeoutMs: pool.timeoutMs } : options;
      // The processing mark is written while the page is fetched: one D1 round trip off the time to report.
      const [, outcome] = await Promise.all([markProcessing(db, job), analyzePage(url, rendering)]);
      return { next: "finish", outcome };
    },
    settle: () => ({ statements: [], after: async () => {} }),
    settleWithoutFetch: async () => {},
  };
}
