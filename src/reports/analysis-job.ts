import { z } from "zod";
import type { SQL } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import type { AnalysisOptions } from "../analysis/settings";
import type { ReportStatus } from "../db/schema";

const id = z.number().int().positive();

/** A report analysed on its own (created, regenerated, a schedule's run). */
const reportJob = z.object({ kind: z.literal("report"), reportId: id, generation: id });
/** A crawl's page: the fetch then waits its crawl's slot and settles the crawl page. */
const crawlPageJob = z.object({ kind: z.literal("crawl_page"), reportId: id, generation: id, crawlId: id, crawlPageId: id });

/**
 * Messages queued before jobs named their kind (`{reportId, generation}`, a crawl's page with `crawlId` and
 * `crawlPageId` too) may still sit in a queue when this version is deployed: they read as the kind their ids say,
 * so nothing in flight is dropped.
 */
const withKind = (body: unknown) =>
  body !== null && typeof body === "object" && !("kind" in body)
    ? { kind: "crawlId" in body && body.crawlId !== undefined ? "crawl_page" : "report", ...body }
    : body;

/** Body of a message on the analysis queue: the one definition, parsed by the consumer, built by its producers. */
export const analysisJobSchema = z.preprocess(withKind, z.discriminatedUnion("kind", [reportJob, crawlPageJob]));

export type AnalysisJob = z.output<typeof analysisJobSchema>;
export type CrawlPageJob = Extract<AnalysisJob, { kind: "crawl_page" }>;
/** What every job names, and all a report's lifecycle needs of one: the generation. */
export type GenerationRef = Pick<AnalysisJob, "reportId" | "generation">;

/** What an analysis message's page is to its consumer after the fetch was tried: why to stop, or its outcome. */
export type AnalysisStep = { next: "skip" } | { next: "later"; delaySeconds: number } | { next: "finish"; outcome: AnalysisOutcome };

/**
 * One kind of analysis job, chosen once per message (a lone report, or a crawl's page): what its page is fetched
 * with, how its generation is begun and fetched, and what must follow once the generation has ended (or turned out
 * to be over already).
 */
export interface AnalysisPath {
  /**
   * Read with the report: the login its page is fetched with (sealed) and whether it renders. A lone report's are its
   * own; a crawl's page has its crawl's.
   */
  fetchedWith: { sealedAuth: SQL<string | null>; render: SQL<number> };
  /** Marks the generation processing and analyses the page, or says to skip the message or deliver it later. */
  analyze(url: string, options: AnalysisOptions, render: number): Promise<AnalysisStep>;
  /** After the generation's end was written (also for a dead letter's failure). */
  settle(outcome: AnalysisOutcome): Promise<void>;
  /** The delivery found its generation ended (`status`) or replaced (`undefined`): nothing was fetched. */
  settleWithoutFetch(status: ReportStatus | undefined): Promise<void>;
}
