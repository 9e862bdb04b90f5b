import { and, eq, sql } from "drizzle-orm";
import { analyzePage, type AnalysisOutcome } from "../analysis/analyze";
import type { AnalysisOptions } from "../analysis/settings";
import type { SiteFacts } from "../analysis/types";
import { crawlPages, crawls, type ReportStatus } from "../db/schema";
import type { Db } from "../db/client";
import { runBatch, type BatchResults } from "../db/batch";
import type { AnalysisStep, CrawlPageJob } from "../reports/analysis-job";
import type { RenderPool } from "../render/browser-pool";
import { failures } from "../targets/failures";
import { failGeneration, markProcessing } from "../reports/generation";
import type { CrawlDeps } from "./crawl-deps";
import { recordFetchAnswer, releaseFetchSlot, settleTouch, slotClaim, type PendingAnswer } from "./crawl-lifecycle";
import type { SiteAnswer } from "./crawl-pace";
import { FIRST_DEADLINE } from "../analysis/fetch-page";
import { claimFetchSlot, SLOT_HOLD_MS, type Slot } from "./fetch-slot";
import { expandLinks } from "./expand-links";
import { finalizeCrawl } from "./crawl-steps";
import { pageFactsOf, type PageFacts } from "../site/page-facts";
import { failedCheckIds } from "../site/issues/check-info";
import { recordFailures, storedFailures } from "./page-failures";
import { pagePending, settlePage } from "./crawl-pages";
import { followsLinks, type CrawlSource } from "../site/terms";

/**
 * A crawl's page: fetched with the crawl's login and rendered as the crawl says; its fetch waits for the crawl's fetch
 * slot (or is stopped with the crawl), uses the crawl's shared site facts and keeps the page's compact facts; once
 * its generation has ended the crawl page settles.
 */
export function crawlPagePath(deps: CrawlDeps, pool: RenderPool | null, job: CrawlPageJob) {
  const { db } = deps;
  const ofCrawl = <T>(column: typeof crawls.authSecret | typeof crawls.render) =>
    sql<T>`(SELECT ${column} FROM ${crawls} WHERE ${crawls.id} = ${job.crawlId})`;
  let facts: PageFacts | null = null;
  let rendered = false;
  // An audited page's fetch answer, recorded in the batch that ends its generation (settle) rather than on its own,
  // with the crawl's touch there.
  let answered: PendingAnswer | null = null;
  return {
    fetchedWith: { sealedAuth: ofCrawl<string | null>(crawls.authSecret), render: ofCrawl<number>(crawls.render) },
    async analyze(url: string, options: AnalysisOptions, render: number): Promise<AnalysisStep> {
      // The processing mark is written before the slot is claimed, so the fetch claims its slot last; the slot is first
      // tried in the same round trip, applying only while the page is pending, and gives the crawl's site facts. A
      // slot not free yet (or a page no longer pending) is looked at again as claimFetchSlot does.
      const claim = slotClaim(db, job.crawlId, SLOT_HOLD_MS, pagePending(job));
      const [, [claimed]] = await db.batch([markProcessing(db, job), claim.statement]);
      const page = claimed ? null : await readPage(db, job);
      const slot: Slot = claimed
        ? { ok: true, hold: claim.token }
        : page?.state !== "pending"
          ? { ok: false, reason: "stopped" }
          : await claimFetchSlot(db, job.crawlId);
      if (!slot.ok && slot.reason === "later") return { next: "later", delaySeconds: slot.delaySeconds };
      if (!slot.ok) {
        // The crawl stopped (cancelled, deleted): the report, already marked processing, must not wait for the sweep.
        await failGeneration(db, job, failures.crawlCancelled);
        return { next: "skip" };
      }
      const site = ((claimed ?? page)?.siteFacts as SiteFacts | null) ?? undefined;
      rendered = render === 1;
      if (rendered && !pool) {
        await releaseFetchSlot(db, job.crawlId, slot.hold);
        return { next: "finish", outcome: failures.renderingOff };
      }
      // Every page of a rendered crawl renders in the crawl's one browser session; its facts (links included, for
      // link discovery) come from the page analyzePage parsed, which is the rendered one.
      const rendering = rendered && pool ? { ...options, render: pool.forCrawl(job.crawlId), renderTimeoutMs: pool.timeoutMs } : options;
      let answer: SiteAnswer | null = null;
      const startedAt = Date.now();
      const outcome = await analyzePage(url, {
        ...rendering,
        site,
        onAnswer: (answered) => void (answer = answered),
        onPage: (parsed) => void (facts = pageFactsOf(parsed)),
      });
      // A page that never answered in time is as slow as its wait.
      if (!answer && !outcome.ok && (outcome.code === "timeout" || outcome.code === FIRST_DEADLINE)) {
        answer = { status: 0, ttfbMs: Date.now() - startedAt, retryAfter: null };
      }
      // The fetch has ended: the slot is let go, and the crawl's pace moves with what the site's answer showed. An
      // audited page's generation ends next (a failure may go to the slow lane or a retry instead), so its answer
      // rides in that batch: one round trip fewer, the slot held only as long as the page's last steps.
      if (answer && outcome.ok) answered = { hold: slot.hold, answer, slowTtfbMs: deps.settings.crawl.slowTtfbMs };
      else if (answer) await recordFetchAnswer(db, job.crawlId, slot.hold, answer, deps.settings.crawl.slowTtfbMs);
      else await releaseFetchSlot(db, job.crawlId, slot.hold);
      return { next: "finish", outcome };
    },
    // The page settles in the batch that ends its generation, with its fetch's answer.
    settle(outcome: AnalysisOutcome) {
      const settling = settleCrawlPage(deps, job, outcome.ok ? { facts, failed: failedCheckIds(outcome.results) } : null, answered);
      answered = null;
      return {
        statements: settling.statements,
        // The batch did not run: the fetch slot is let go on its own (else it would lapse only after SLOT_HOLD_MS).
        abandon: settling.abandon,
        async after(results: BatchResults) {
          await settling.after(results);
          // The crawl's last page: its browser session is closed now rather than when its keep-alive runs out (the
          // link checks and site checks that follow never render).
          if (rendered && pool && (await pagesDone(db, job.crawlId))) await pool.closeCrawl(job.crawlId);
        },
      };
    },
    // The page settles as its report stands, in a batch of its own.
    async settleWithoutFetch(status: ReportStatus | undefined) {
      const settling = settleCrawlPage(deps, job, status === "completed" ? { facts: null, failed: await storedFailures(db, job.reportId) } : null, null);
      await settling.after(await runBatch(db, settling.statements));
    },
  };
}

/** What an audited page leaves its crawl: its compact facts and the checks it failed. */
interface AuditedPage {
  facts: PageFacts | null;
  failed: string[];
}

/** What settlePage's RETURNING gives, as D1 returns the row. */
type SettledRow = { depth: number; url: string; source: CrawlSource };

/**
 * A crawl page's analysis has ended (audited, or failed: null): its facts and failed checks are kept (statements for
 * a batch: the generation's end, or one of their own), the crawl touched (with the page's fetch answer when it has one
 * to record: one UPDATE of the crawl's row), then links followed in link mode, and the crawl finalised if this was
 * its last pending page.
 */
function settleCrawlPage(deps: CrawlDeps, job: CrawlPageJob, audited: AuditedPage | null, answered: PendingAnswer | null) {
  const { db } = deps;
  const ok = audited !== null;
  const facts = audited?.facts ?? null;
  const now = new Date().toISOString();
  // Last in the batch: whether pages are still pending is read after this page's own state changed.
  const touching = settleTouch(db, job.crawlId, now, answered);
  const own = [settlePage(db, job, ok, facts, now), recordFailures(db, job, audited?.failed ?? [])];
  return {
    statements: [...own, ...touching.statements],
    abandon: touching.abandon,
    async after(results: BatchResults) {
      const touched = results.slice(own.length);
      // The page's own steps first (its links followed, the last page's claim): a failure of the pace's compare and
      // set (rare: the generation has ended, so no retry redoes them) then loses only that step of the pace.
      try {
        const settled = results[0]?.results[0] as SettledRow | undefined;
        if (!settled) return;
        // A sitemap crawl follows no link: no read of the crawl to learn it.
        if (ok && facts && followsLinks(settled.source)) {
          await expandLinks(deps, job.crawlId, { depth: settled.depth, urls: [settled.url, facts.url], links: facts.links });
        }
        // Pages still pending: not the last page, no claim to try (the page that settles last tries it; the sweep is
        // there for a lost one). A crawl gone meanwhile returns no row: the claim finds nothing to do.
        if (!touching.pending(touched)) await finalizeCrawl(deps, job.crawlId);
      } finally {
        await touching.after(touched);
      }
    },
  };
}

/** The page's state and its crawl's site facts, when its first slot claim did not apply. */
const readPage = (db: Db, job: CrawlPageJob) =>
  db
    .select({ state: crawlPages.state, siteFacts: crawls.siteFacts })
    .from(crawlPages)
    .innerJoin(crawls, eq(crawls.id, crawlPages.crawlId))
    .where(and(eq(crawlPages.id, job.crawlPageId), eq(crawlPages.crawlId, job.crawlId)))
    .get();

/** No page of the crawl is left to fetch: it has ended, or its last page settled and it is being finalised. */
async function pagesDone(db: Db, crawlId: number): Promise<boolean> {
  const crawl = await db.select({ status: crawls.status, settlingAt: crawls.settlingAt }).from(crawls).where(eq(crawls.id, crawlId)).get();
  return !crawl || crawl.status !== "running" || crawl.settlingAt !== null;
}
