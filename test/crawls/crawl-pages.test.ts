import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runBatch } from "../../src/db/batch";
import { createDb } from "../../src/db/client";
import { anyPagePending, deletePages, failRefused, insertSeeds, linkPages, prunePages, settlePage } from "../../src/crawls/crawl-pages";
import { touchCrawl } from "../../src/crawls/crawl-lifecycle";
import { linkFinds } from "../../src/site/crawl-frontier";
import { createCaller } from "../helpers/api";
import { addPage, pageRows, seedCrawl } from "../helpers/crawl-rows";
import { env } from "cloudflare:workers";

const db = () => createDb(env.DB);
const u = (path: string) => `https://seeded.example${path}`;
/** As a settle's batch reads it: the crawl's touch returns whether a page is still pending. */
const pendingLeft = async (crawlId: number) => {
  const [touched] = await runBatch(db(), [touchCrawl(db(), crawlId, new Date().toISOString()).returning({ pending: anyPagePending(crawlId) })]);
  return touched!.results[0]?.pending;
};
const rules = { host: "seeded.example", maxDepth: 3, allowed: (url: string) => !url.includes("/private/") };

describe("the crawl pages' owner (crawl-pages.ts)", () => {
  it("writes discovery's seeds once each, pending or blocked as robots.txt says", async () => {
    const crawlId = await seedCrawl(await createCaller());
    const seeds = [
      { url: u("/"), depth: 0, inSitemap: true, linked: true, blocked: false },
      { url: u("/private/x"), depth: 0, inSitemap: true, linked: false, blocked: true },
    ];
    await runBatch(db(), [insertSeeds(crawlId, seeds), insertSeeds(crawlId, seeds)]);
    expect((await pageRows(crawlId)).map((p) => [p.url, p.state, p.in_sitemap, p.linked])).toEqual([
      [u("/"), "pending", 1, 1],
      [u("/private/x"), "blocked", 1, 0],
    ]);
  });

  it("follows an audited page's links within the crawl's room: known pages marked linked at their lowest depth, new ones inserted, the rest left out", async () => {
    const crawlId = await seedCrawl(await createCaller(), { limit: 3 });
    await addPage(crawlId, u("/"), "audited");
    await addPage(crawlId, u("/deep"), "pending", { depth: 3 });
    const finds = linkFinds({ depth: 0, urls: [u("/")], links: [u("/deep"), u("/new"), u("/private/p"), u("/over")] }, rules);
    const { statements, leftOut } = linkPages(crawlId, 3, finds);
    await runBatch(db(), statements);
    // Two candidates found no room: the crawl's recount will say it is truncated.
    expect(await db().get(sql`SELECT ${leftOut} AS left`)).toEqual({ left: 1 });
    const rows = await pageRows(crawlId);
    expect(rows.map((p) => [p.url, p.state, p.depth, p.linked, p.in_sitemap])).toEqual([
      [u("/"), "audited", 0, 0, 1],
      [u("/deep"), "pending", 1, 1, 1],
      [u("/new"), "pending", 1, 1, 0],
    ]);
  });

  it("past maxDepth only marks the pages reached: nothing inserted, nothing left out", async () => {
    const crawlId = await seedCrawl(await createCaller());
    await addPage(crawlId, u("/b"), "pending", { depth: 2 });
    const { statements, leftOut } = linkPages(crawlId, 100, linkFinds({ depth: 3, urls: [u("/a")], links: [u("/b"), u("/c")] }, rules));
    expect(leftOut).toBeNull();
    await runBatch(db(), statements);
    expect((await pageRows(crawlId)).map((p) => [p.url, p.depth, p.linked])).toEqual([[u("/b"), 2, 1]]);
  });

  it("settles a page once, only while it is pending and its crawl running; a refused page fails only if still pending", async () => {
    const caller = await createCaller();
    const crawlId = await seedCrawl(caller);
    const a = await addPage(crawlId, u("/a"), "pending");
    const b = await addPage(crawlId, u("/b"), "pending");
    const now = new Date().toISOString();
    // With the crawl's source, so a sitemap crawl's page skips link discovery's read of the crawl.
    expect(await settlePage(db(), { crawlId, crawlPageId: a }, true, null, now)).toEqual([{ depth: 0, url: u("/a"), source: "auto" }]);
    expect(await pendingLeft(crawlId)).toBe(1);
    // A duplicate consumer changes nothing.
    expect(await settlePage(db(), { crawlId, crawlPageId: a }, false, null, now)).toEqual([]);
    await failRefused(db(), [a, b], now);
    expect((await pageRows(crawlId)).map((p) => [p.url, p.state])).toEqual([
      [u("/a"), "audited"],
      [u("/b"), "failed"],
    ]);
    expect(await pendingLeft(crawlId)).toBe(0);
    const cancelled = await seedCrawl(caller, { status: "cancelled", url: "https://cancelled.example/" });
    const c = await addPage(cancelled, "https://cancelled.example/c", "pending");
    expect(await settlePage(db(), { crawlId: cancelled, crawlPageId: c }, true, null, now)).toEqual([]);
    expect((await pageRows(cancelled))[0]).toMatchObject({ state: "pending", settled_at: null });
  });

  it("deletes a crawl's pages, or prunes them a chunk at a time, and no other crawl's", async () => {
    const caller = await createCaller();
    const crawlId = await seedCrawl(caller);
    const other = await seedCrawl(caller, { url: "https://other.example/" });
    for (const path of ["/1", "/2", "/3"]) await addPage(crawlId, u(path), "audited");
    await addPage(other, "https://other.example/", "audited");
    const [pruned] = await runBatch(db(), [prunePages(crawlId, 2)]);
    expect(pruned!.meta.changes).toBe(2);
    expect(await pageRows(crawlId)).toHaveLength(1);
    await deletePages(db(), crawlId);
    expect(await pageRows(crawlId)).toEqual([]);
    expect(await pageRows(other)).toHaveLength(1);
  });
});
