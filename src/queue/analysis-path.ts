import type { Device } from "../analysis/lab-device";
import type { SQL } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import type { AnalysisOptions } from "../analysis/settings";
import type { BatchResults, Statement } from "../db/batch";
import type { ReportStatus } from "../db/schema";
import type { AnalysisStep } from "../reports/analysis-job";

/**
 * One kind of analysis job, chosen once per message by the consumer (src/queue/consumer.ts): a lone report
 * (lone-report-path.ts), or a crawl's page (src/crawls/crawl-page-path.ts): what its page is fetched with, how its
 * generation is begun and fetched, and what must follow once the generation has ended (or turned out to be over
 * already).
 */
export interface AnalysisPath {
  /**
   * Read with the report: the login its page is fetched with (sealed) and whether it renders. A lone report's are its
   * own; a crawl's page has its crawl's.
   */
  fetchedWith: { sealedAuth: SQL<string | null>; render: SQL<number> };
  /** Marks the generation processing and analyses the page, or says to skip the message or deliver it later. */
  analyze(url: string, options: AnalysisOptions & { device?: Device }, render: number): Promise<AnalysisStep>;
  /**
   * What follows the generation's end (also a dead letter's failure): statements that ride in the end's batch, one
   * round trip for both, and what is done with their results after it.
   */
  settle(outcome: AnalysisOutcome): Settling;
  /** The delivery found its generation ended (`status`) or replaced (`undefined`): nothing was fetched. */
  settleWithoutFetch(status: ReportStatus | undefined): Promise<void>;
}

/** Statements for the batch that ends a generation, and what follows with their results (`after`: not a thenable). */
export interface Settling {
  statements: Statement[];
  after(results: BatchResults): Promise<void>;
  /** The batch failed: what the statements would have let go is let go on its own (a crawl page's fetch slot). */
  abandon?(): Promise<void>;
}
