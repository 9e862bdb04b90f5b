import type { CrawlDeps } from "./crawl-deps";
import { sendCrawlJob, type CrawlJob, type CrawlJobKind, type NextCrawlJob } from "./crawl-job";
import { crawlFailures, failCrawl } from "./crawl-lifecycle";
import { checkLinksStep } from "./check-links-step";
import { discoverCrawl } from "./discover";
import { claimFinalizing, planLinksStep, siteChecksStep } from "./finalize-crawl";

/*
 * The crawl queue's jobs and how one leads to the next. A step never queues or calls the step after it: it returns
 * it (NextCrawlJob), and continueCrawl queues it. So a crawl's path goes down through the files of its steps, and
 * the rule for a refused queue lives here once.
 */

interface CrawlStep {
  run(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob>;
  /** What the last failed attempt does instead: discovery fails the crawl, the finalising steps complete it with what they have. */
  giveUp(deps: CrawlDeps, crawlId: number): Promise<unknown>;
}

export const crawlSteps: Record<CrawlJobKind, CrawlStep> = {
  discover: { run: discoverCrawl, giveUp: (deps, id) => failCrawl(deps.db, id, crawlFailures.discoveryFailed) },
  plan_links: { run: planLinksStep, giveUp: siteChecksStep },
  check_links: { run: checkLinksStep, giveUp: siteChecksStep },
  site_checks: { run: siteChecksStep, giveUp: siteChecksStep },
};

/**
 * Queues what a step left to do. When the queue refuses, the job runs here instead, but for a step of the link
 * checks, which gives way to the site checks (a crawl completes without the answers it could not ask for, rather than
 * asking them all in this invocation).
 */
export async function continueCrawl(deps: CrawlDeps, next: NextCrawlJob): Promise<void> {
  while (next) {
    if (await sendCrawlJob(deps.queues, next.job, next)) return;
    const { job } = next;
    next = job.kind === "check_links" ? { job: { kind: "site_checks", crawlId: job.crawlId } } : await crawlSteps[job.kind].run(deps, job.crawlId);
  }
}

/** A job of the crawl queue, then what it leads to. */
export const runCrawlJob = async (deps: CrawlDeps, job: CrawlJob) => continueCrawl(deps, await crawlSteps[job.kind].run(deps, job.crawlId));

/**
 * The crawl whose last page has settled is claimed (once) and its link plan queued (`plan_links`): the plan and the
 * site checks read every page's facts, so each gets an invocation of its own (docs/crawls.md "Finalising a large
 * crawl") rather than the tail of the analysis consumer's.
 */
export const finalizeCrawl = async (deps: CrawlDeps, crawlId: number) => continueCrawl(deps, await claimFinalizing(deps, crawlId));
