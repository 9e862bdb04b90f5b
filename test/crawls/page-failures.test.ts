import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordFailures, storedFailures } from "../../src/crawls/page-failures";
import { createDb } from "../../src/db/client";
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

  it("reads nothing from a report without stored results", async () => {
    const caller = await createCaller();
    const report = await seedReport(caller, "https://seeded.example/");
    expect(await storedFailures(createDb(env.DB), report)).toEqual([]);
    expect(await storedFailures(createDb(env.DB), 987_654_321)).toEqual([]);
  });
});
