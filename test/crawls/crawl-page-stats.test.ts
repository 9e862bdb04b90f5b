import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { crawlPageStats } from "../../src/crawls/crawl-page-stats";
import { createDb } from "../../src/db/client";
import { createCaller, seedReport } from "../helpers/api";
import { addPage, seedCrawl } from "../helpers/crawl-rows";

describe("what the crawl page draws (crawl-page-stats.ts)", () => {
  it("bins the audited pages' scores by ten (100 in the top bin, error pages left out) and counts pages per depth, gaps as zero", async () => {
    const caller = await createCaller();
    const crawlId = await seedCrawl(caller);
    const scored = async (path: string, score: number, depth: number, state = "audited") => {
      const report = await seedReport(caller, `https://seeded.example${path}`, { score });
      const page = await addPage(crawlId, `https://seeded.example${path}`, state, { depth });
      await env.DB.prepare("UPDATE crawl_pages SET report_id = ? WHERE id = ?").bind(report, page).run();
      return page;
    };
    await scored("/a", 100, 0);
    await scored("/b", 95, 1);
    await scored("/c", 42, 1);
    await scored("/d", 10, 3, "failed");
    // An error page (its stored failure is http_status, page-failures.ts) is left out of the scores, as of the crawl's.
    const missing = await scored("/e", 25, 2);
    await env.DB.prepare("INSERT INTO crawl_page_failures (crawl_id, check_id, crawl_page_id) VALUES (?, 'http_status', ?)").bind(crawlId, missing).run();
    const stats = await crawlPageStats(createDb(env.DB), crawlId);
    expect(stats.scoreBins).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 2]);
    expect(stats.depths).toEqual([1, 2, 1, 1]);
  });
});
