import { eq } from "drizzle-orm";
import { checkLink } from "../analysis/check-link";
import { crawls } from "../db/schema";
import { unsealCredentials } from "../targets/sealed-auth";
import { runLinkChecks } from "../site/run-link-checks";
import type { CrawlDeps } from "./crawl-deps";
import { releaseFetchSlot, renewSettling } from "./crawl-lifecycle";
import { claimFetchSlot } from "./fetch-slot";
import type { NextCrawlJob } from "./crawl-job";
import { nextLinks, pendingLinks, storeLinkAnswers } from "./link-checks";

/**
 * One step asks at most this many targets and starts none after LINK_STEP_MS: with internal targets one per crawl
 * interval (1 s by default) a step makes about 60 requests of the site, plus up to 4 hosts' worth of external ones
 * meanwhile, so one queue invocation stays far within its subrequests and wall time.
 */
export const LINK_CHECKS_PER_STEP = 200;
export const LINK_STEP_MS = 60_000;

/**
 * A step of a claimed crawl's link checks (a crawl queue message): the next targets asked, internal ones through the
 * crawl's fetch slot (its interval, Crawl-delay), with its login; the answers stored; then the next step follows, or,
 * when none is left, the site checks (a `site_checks` job of their own). A crawl no longer running does nothing.
 */
export async function checkLinksStep(deps: CrawlDeps, crawlId: number): Promise<NextCrawlJob> {
  const { db } = deps;
  if (!(await renewSettling(db, crawlId))) return null;
  const crawl = (await db.select().from(crawls).where(eq(crawls.id, crawlId)).get())!;
  const credentials = await unsealCredentials(deps.settings, crawl.accountId, crawl.authSecret);
  const options = credentials && !("ok" in credentials) ? { ...deps.settings.analysis, credentials } : deps.settings.analysis;
  let laterSeconds = 0;
  const holds: string[] = [];
  const answers = await runLinkChecks(await nextLinks(db, crawlId, LINK_CHECKS_PER_STEP), {
    check: (url) => checkLink(url, options),
    async turn() {
      const slot = await claimFetchSlot(db, crawlId);
      if (!slot.ok && slot.reason === "later") laterSeconds = slot.delaySeconds;
      if (slot.ok) holds.push(slot.hold);
      return slot.ok;
    },
    // Turns are taken one at a time, so the hold to let go is the one taken last.
    turnEnded: async () => {
      const hold = holds.pop();
      if (hold) await releaseFetchSlot(db, crawlId, hold);
    },
    until: Date.now() + LINK_STEP_MS,
  });
  await storeLinkAnswers(db, crawlId, answers);
  if ((await pendingLinks(db, crawlId)) > 0) return { job: { kind: "check_links", crawlId }, delaySeconds: laterSeconds };
  return { job: { kind: "site_checks", crawlId } };
}
