import { eq, sql } from "drizzle-orm";
import { crawlPages, crawls } from "../db/schema";
import { runBatch } from "../db/batch";
import { followsLinks } from "../site/terms";
import { robotsPolicy } from "../site/discovery/robots-rules";
import { linkFinds, type LinkingPage } from "../site/crawl-frontier";
import type { RobotsFacts } from "../analysis/types";
import { materializePages } from "./materialize-pages";
import { queuePages } from "./queue-pages";
import type { CrawlDeps } from "./crawl-deps";
import { recountPages } from "./crawl-lifecycle";

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
  const reached = sql`SELECT value FROM json_each(${JSON.stringify(finds.reached)})`;
  const markLinked = sql`
    UPDATE ${crawlPages} SET linked = 1, depth = min(depth, ${finds.depth})
    WHERE crawl_id = ${crawlId} AND url IN (${reached})`;
  if (finds.candidates.length === 0) {
    await runBatch(db, [markLinked]);
    return;
  }
  const json = JSON.stringify(finds.candidates.map((c) => ({ u: c.url, d: c.depth, s: c.inSitemap ? 1 : 0, l: c.linked ? 1 : 0, b: c.blocked ? "blocked" : "pending" })));
  const isNew = sql`json_extract(value, '$.u') NOT IN (SELECT url FROM ${crawlPages} WHERE crawl_id = ${crawlId})`;
  const room = sql`max(0, ${crawl.limit} - (SELECT count(*) FROM ${crawlPages} WHERE crawl_id = ${crawlId}))`;
  await runBatch(db, [
    markLinked,
    sql`
      INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, linked, state)
      SELECT ${crawlId}, json_extract(value, '$.u'), json_extract(value, '$.d'), json_extract(value, '$.s'), json_extract(value, '$.l'),
        json_extract(value, '$.b')
      FROM json_each(${json}) WHERE ${isNew} ORDER BY key LIMIT ${room}`,
    recountPages(db, crawlId, sql`EXISTS (SELECT 1 FROM json_each(${json}) WHERE ${isNew})`),
  ]);
  await queuePages(db, crawl, await materializePages(db, crawl), deps.analysisQueue);
}
