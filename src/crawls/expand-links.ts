import { eq, sql } from "drizzle-orm";
import { crawlPages, crawls } from "../db/schema";
import { runBatch } from "../db/batch";
import { robotsPolicy } from "../site/discovery/robots-rules";
import type { RobotsFacts } from "../analysis/types";
import { materializePages } from "./materialize-pages";
import { queuePages } from "./queue-pages";
import type { CrawlDeps } from "./crawl-deps";
import { recountPages } from "./crawl-lifecycle";

/**
 * Link discovery, breadth first: the same-host links of an audited page become pages one click deeper, up to
 * MAX_CRAWL_DEPTH and the crawl's limit (one INSERT that counts the room left), then get reports and are queued.
 */
export async function expandLinks(deps: CrawlDeps, crawlId: number, depth: number, links: string[]) {
  const { db } = deps;
  if (links.length === 0 || depth >= deps.settings.crawl.maxDepth) return;
  const crawl = await db.select().from(crawls).where(eq(crawls.id, crawlId)).get();
  if (!crawl || crawl.status !== "running" || crawl.discoveredBy !== "links") return;
  const host = new URL(crawl.url).hostname;
  const allowed = robotsPolicy((crawl.siteFacts as { robots: RobotsFacts }).robots);
  const rows = links
    .filter((url) => new URL(url).hostname === host)
    .map((url) => ({ u: url, b: allowed(url) ? "pending" : "blocked" }));
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  const isNew = sql`json_extract(value, '$.u') NOT IN (SELECT url FROM ${crawlPages} WHERE crawl_id = ${crawlId})`;
  const room = sql`max(0, ${crawl.limit} - (SELECT count(*) FROM ${crawlPages} WHERE crawl_id = ${crawlId}))`;
  await runBatch(db, [
    sql`
      INSERT OR IGNORE INTO ${crawlPages} (crawl_id, url, depth, in_sitemap, state)
      SELECT ${crawlId}, json_extract(value, '$.u'), ${depth + 1}, 0, json_extract(value, '$.b')
      FROM json_each(${json}) WHERE ${isNew} ORDER BY key LIMIT ${room}`,
    recountPages(db, crawlId, sql`EXISTS (SELECT 1 FROM json_each(${json}) WHERE ${isNew})`),
  ]);
  await queuePages(db, crawl, await materializePages(db, crawl), deps.analysisQueue);
}
