import { eq, sql } from "drizzle-orm";
import { crawlPages, crawls } from "../db/schema";
import { runBatch } from "../db/batch";
import { followsLinks } from "../site/terms";
import { robotsPolicy } from "../site/discovery/robots-rules";
import type { RobotsFacts } from "../analysis/types";
import { materializePages } from "./materialize-pages";
import { queuePages } from "./queue-pages";
import type { CrawlDeps } from "./crawl-deps";
import { recountPages } from "./crawl-lifecycle";

/** An audited page whose links discovery follows: its depth, the URLs it answers to (requested and final), its links. */
export interface LinkingPage {
  depth: number;
  urls: string[];
  links: string[];
}

/**
 * Link discovery, breadth first, for every crawl but a sitemap-only one: the same-host links of an audited page mark
 * the crawl's pages they reach as linked (one click deeper than this page, if that is shallower), and the new ones
 * become pages up to MAX_CRAWL_DEPTH and the crawl's limit (one INSERT that counts the room left), then get reports
 * and are queued. A page's link to itself does not count.
 */
export async function expandLinks(deps: CrawlDeps, crawlId: number, page: LinkingPage) {
  const { db } = deps;
  const crawl = await db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  // Without the robots.txt discovery stored, no link can be judged, so none is followed.
  const robots = (crawl?.siteFacts as { robots?: RobotsFacts } | null)?.robots;
  if (!crawl || crawl.status !== "running" || !followsLinks(crawl.source) || !robots) return;
  const host = new URL(crawl.url).hostname;
  const allowed = robotsPolicy(robots);
  const rows = page.links
    .filter((url) => new URL(url).hostname === host && !page.urls.includes(url))
    .map((url) => ({ u: url, b: allowed(url) ? "pending" : "blocked" }));
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  const depth = page.depth + 1;
  const targets = sql`SELECT json_extract(value, '$.u') FROM json_each(${json})`;
  const markLinked = sql`
    UPDATE ${crawlPages} SET linked = 1, depth = min(depth, ${depth})
    WHERE crawl_id = ${crawlId} AND url IN (${targets})`;
  if (depth > deps.settings.crawl.maxDepth) {
    await runBatch(db, [markLinked]);
    return;
  }
  const isNew = sql`json_extract(value, '$.u') NOT IN (SELECT url FROM ${crawlPages} WHERE crawl_id = ${crawlId})`;
  const room = sql`max(0, ${crawl.limit} - (SELECT count(*) FROM ${crawlPages} WHERE crawl_id = ${crawlId}))`;
  await runBatch(db, [
    markLinked,
    sql`
      INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, linked, state)
      SELECT ${crawlId}, json_extract(value, '$.u'), ${depth}, 0, 1, json_extract(value, '$.b')
      FROM json_each(${json}) WHERE ${isNew} ORDER BY key LIMIT ${room}`,
    recountPages(db, crawlId, sql`EXISTS (SELECT 1 FROM json_each(${json}) WHERE ${isNew})`),
  ]);
  await queuePages(db, crawl, await materializePages(db, crawl), deps.analysisQueue);
}
