import { z } from "zod";
import type { AnalysisOutcome } from "../analysis/analyze";
import type { AnalysisOptions } from "../analysis/settings";
import type { ReportStatus } from "../db/schema";

/** Body of a message on the analysis queue: the one definition, parsed by the consumer, built by enqueueAnalyses. */
export const analysisJobSchema = z.object({
  reportId: z.number().int().positive(),
  generation: z.number().int().positive(),
  /** Set when the page is audited for a crawl: the fetch then waits its slot and settles the crawl page. */
  crawlId: z.number().int().positive().optional(),
  crawlPageId: z.number().int().positive().optional(),
});

export type AnalysisJob = z.infer<typeof analysisJobSchema>;

/** What an analysis message's page is to its consumer after the fetch was tried: why to stop, or its outcome. */
export type AnalysisStep = { next: "skip" } | { next: "later"; delaySeconds: number } | { next: "finish"; outcome: AnalysisOutcome };

/**
 * One kind of analysis job, chosen once per message (a lone report, or a crawl's page): how its generation is begun
 * and fetched, and what must follow once the generation has ended (or turned out to be over already).
 */
export interface AnalysisPath {
  /**
   * Marks the generation processing and analyses the page, or says to skip the message or deliver it later.
   * `render` is the report's own `render` (a crawl's page follows its crawl's instead).
   */
  analyze(url: string, options: AnalysisOptions, render: number): Promise<AnalysisStep>;
  /** After the generation's end was written (also for a dead letter's failure). */
  settle(outcome: AnalysisOutcome): Promise<void>;
  /** The delivery found its generation ended (`status`) or replaced (`undefined`): nothing was fetched. */
  settleWithoutFetch(status: ReportStatus | undefined): Promise<void>;
}
