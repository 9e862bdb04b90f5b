import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { and, eq, not } from "drizzle-orm";
import { isErrorPageSql, recordFailures, storedFailures } from "../../src/crawls/page-failures";
import { createDb } from "../../src/db/client";
import { crawlPages } from "../../src/db/schema";
import { createCaller, seedReport } from "../helpers/api";
import { addPage, seedCrawl } from "../helpers/crawl-rows";

const failuresOf = (crawlId: number) =>
  env.DB.prepare("SELECT check_id, crawl_page_id FROM crawl_page_failures WHERE crawl_id = ? ORDER BY check_id")
    .bind(crawlId)
    .all()
    .then((r) => r.results);

describe("a crawl page's failed checks (page-failures.ts)", () => {
  it("records one row per failed check of an audited page, once however often it settles; nothing for a page not audited", async () => {
    const crawlId = await seedCrawl(await createCaller());
    const audited = await addPage(crawlId, "https://seeded.example/a", "audited");
    const failed = await addPage(crawlId, "https://seeded.example/b", "failed");
    const db = createDb(env.DB);
    await recordFailures(db, { crawlId, crawlPageId: audited }, ["title", "h1"]);
    await recordFailures(db, { crawlId, crawlPageId: audited }, ["title", "h1"]);
    await recordFailures(db, { crawlId, crawlPageId: failed }, ["title"]);
    expect(await failuresOf(crawlId)).toEqual([
      { check_id: "h1", crawl_page_id: audited },
      { check_id: "title", crawl_page_id: audited },
    ]);
  });

  it("records only http_status of an error page, which isErrorPageSql then finds", async () => {
    const crawlId = await seedCrawl(await createCaller());
    const page = await addPage(crawlId, "https://seeded.example/ok", "audited");
    const error = await addPage(crawlId, "https://seeded.example/gone", "audited");
    const db = createDb(env.DB);
    await recordFailures(db, { crawlId, crawlPageId: page }, ["meta_description", "title"]);
    await recordFailures(db, { crawlId, crawlPageId: error }, ["meta_description", "http_status", "title"]);
    expect(await failuresOf(crawlId)).toEqual([
      { check_id: "http_status", crawl_page_id: error },
      { check_id: "meta_description", crawl_page_id: page },
      { check_id: "title", crawl_page_id: page },
    ]);
    const urls = (errorPages: boolean) =>
      db
        .select({ url: crawlPages.url })
        .from(crawlPages)
        .where(and(eq(crawlPages.crawlId, crawlId), errorPages ? isErrorPageSql : not(isErrorPageSql)))
        .then((rows) => rows.map((row) => row.url));
    expect(await urls(true)).toEqual(["https://seeded.example/gone"]);
    expect(await urls(false)).toEqual(["https://seeded.example/ok"]);
  });

  it("reads nothing from a report without stored results", async () => {
    const caller = await createCaller();
    const report = await seedReport(caller, "https://seeded.example/");
    expect(await storedFailures(createDb(env.DB), report)).toEqual([]);
    expect(await storedFailures(createDb(env.DB), 987_654_321)).toEqual([]);
  });
});
