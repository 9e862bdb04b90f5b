import { and, eq, sql } from "drizzle-orm";
import type { AnalysisOutcome } from "../analysis/analyze";
import type { Page, SiteFacts } from "../analysis/types";
import { crawlPages, crawls } from "../db/schema";
import type { Db } from "../db/client";
import type { AnalysisJob } from "../env";
import { markFailed } from "../queue/save-outcome";
import { claimFetchSlot, releaseFetchSlot } from "./fetch-slot";
import { expandLinks } from "./expand-links";
import { finalizeCrawl } from "./finalize-crawl";
import { pageFactsOf, type PageFacts } from "./page-facts";

export const CANCELLED = { code: "crawl_cancelled", message: "The crawl that queued this analysis was cancelled." };

export type CrawlFetch =
  | { action: "skip" }
  | { action: "later"; delaySeconds: number }
  | {
      action: "fetch";
      site: SiteFacts | undefined;
      onPage: (page: Page) => void;
      facts: () => PageFacts | null;
      /** Call when the fetch has ended: starts the interval before the crawl's next fetch. */
      release: () => Promise<unknown>;
    };

/** Before a crawl page's fetch: is the crawl still running, and its fetch slot ours? Also the crawl's shared site facts. */
export async function beginCrawlPage(db: Db, job: AnalysisJob): Promise<CrawlFetch> {
  const crawlId = job.crawlId!;
  const page = await db
    .select({ state: crawlPages.state, siteFacts: crawls.siteFacts })
    .from(crawlPages)
    .innerJoin(crawls, eq(crawls.id, crawlPages.crawlId))
    .where(and(eq(crawlPages.id, job.crawlPageId ?? 0), eq(crawlPages.crawlId, crawlId)))
    .get();
  const slot = page?.state === "pending" ? await claimFetchSlot(db, crawlId) : ({ ok: false, reason: "stopped" } as const);
  if (!slot.ok && slot.reason === "later") return { action: "later", delaySeconds: slot.delaySeconds };
  if (!slot.ok) {
    // The crawl stopped (cancelled, deleted): the report, already marked processing, must not wait for the sweep.
    await markFailed(db, job, CANCELLED.code, CANCELLED.message);
    return { action: "skip" };
  }
  let facts: PageFacts | null = null;
  return {
    action: "fetch",
    site: (page?.siteFacts as SiteFacts | null) ?? undefined,
    onPage: (parsed) => {
      facts = pageFactsOf(parsed);
    },
    facts: () => facts,
    release: () => releaseFetchSlot(db, crawlId),
  };
}

/**
 * A crawl page's analysis has ended (audited or failed): its facts are kept, links followed in link mode, and
 * the crawl finalised if this was its last pending page.
 */
export async function settleCrawlPage(env: Env, db: Db, job: AnalysisJob, ok: boolean, facts: PageFacts | null) {
  const now = new Date().toISOString();
  const [[settled]] = await db.batch([
    db
      .update(crawlPages)
      .set({ state: ok ? "audited" : "failed", facts, settledAt: now })
      .where(
        and(
          eq(crawlPages.id, job.crawlPageId ?? 0),
          eq(crawlPages.crawlId, job.crawlId!),
          eq(crawlPages.state, "pending"),
          // A cancelled crawl's pages stay as they were when it stopped.
          sql`EXISTS (SELECT 1 FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId!} AND ${crawls.status} = 'running')`,
        ),
      )
      .returning({ depth: crawlPages.depth }),
    db.update(crawls).set({ updatedAt: now }).where(eq(crawls.id, job.crawlId!)),
  ]);
  if (!settled) return;
  if (ok && facts) await expandLinks(env, db, job.crawlId!, settled.depth, facts.links);
  await finalizeCrawl(env, db, job.crawlId!);
}

export const settleFromOutcome = (env: Env, db: Db, job: AnalysisJob, outcome: AnalysisOutcome, fetch: CrawlFetch) =>
  settleCrawlPage(env, db, job, outcome.ok, fetch.action === "fetch" && outcome.ok ? fetch.facts() : null);

/** A delivery that finds its report already finished or moved on: the page settles as its report stands. */
export async function settleWithoutFetch(env: Env, db: Db, job: AnalysisJob, reportStatus: string | undefined) {
  await settleCrawlPage(env, db, job, reportStatus === "completed", null);
}

