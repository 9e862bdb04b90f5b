import { eq } from "drizzle-orm";
import { crawls } from "../db/schema";
import { runBatch } from "../db/batch";
import { followsLinks } from "../site/terms";
import { robotsPolicy } from "../site/discovery/robots-rules";
import { linkFinds, type LinkingPage } from "../site/crawl-frontier";
import type { RobotsFacts } from "../analysis/types";
import { materializePages } from "./materialize-pages";
import { queuePages } from "./queue-pages";
import type { CrawlDeps } from "./crawl-deps";
import { recountPages } from "./crawl-lifecycle";
import { linkPages } from "./crawl-pages";

/**
 * Link discovery, breadth first, for every crawl but a sitemap-only one, through D1: the frontier (site/crawl-frontier.ts)
 * decides what an audited page's links reach and which may become pages; here the reached rows are marked linked (at
 * their lowest depth) and the candidates inserted while the crawl has room (one INSERT that counts the room left, so
 * a 100,000-page crawl never reads its rows), then they get reports and are queued.
 */
export async function expandLinks(deps: CrawlDeps, crawlId: number, page: LinkingPage) {
  const { db } = deps;
  const crawl = await db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  // Without the robots.txt discovery stored, no link can be judged, so none is followed.
  const robots = (crawl?.siteFacts as { robots?: RobotsFacts } | null)?.robots;
  if (!crawl || crawl.status !== "running" || !followsLinks(crawl.source) || !robots) return;
  const finds = linkFinds(page, { host: new URL(crawl.url).hostname, maxDepth: deps.settings.crawl.maxDepth, allowed: robotsPolicy(robots) });
  if (finds.reached.length === 0) return;
  const { statements, leftOut } = linkPages(crawlId, crawl.limit, finds);
  await runBatch(db, leftOut ? [...statements, recountPages(db, crawlId, leftOut)] : statements);
  if (!leftOut) return;
  await queuePages(db, crawl, await materializePages(db, crawl), deps.queues.analysis);
}
