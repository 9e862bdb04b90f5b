import { z } from "zod";
import type { AnalysisOutcome } from "../analysis/analyze";

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

/**
 * What one delivery of an analysis message came to, from its path's analysis (src/queue/analysis-path.ts) up to the
 * consumer: nothing to do (ack it), the same job sent again later (in its own lane, or moved to the slow lane; after
 * `delaySeconds` if given), or the generation's end with its outcome.
 */
export type AnalysisStep =
  | { next: "skip" }
  | { next: "later"; lane?: "slow"; delaySeconds?: number }
  | { next: "finish"; outcome: AnalysisOutcome };
