import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findCrawlById } from "../../src/crawls/find-crawl";
import { crawlEventData } from "../../src/crawls/notify";
import { noPages } from "../../src/crawls/serialize";
import { createDb } from "../../src/db/client";
import { createCaller } from "../helpers/api";
import { seedCrawl } from "../helpers/crawl-rows";

describe("what crawl.completed carries (notify.ts)", () => {
  it("the crawl resource with its counts; page_url only with PUBLIC_ORIGIN; the compare summary or null", async () => {
    const id = await seedCrawl(await createCaller());
    const crawl = (await findCrawlById(createDb(env.DB), id))!;
    const counts = { ...noPages, audited: 4 };
    expect(crawlEventData(crawl, counts, "https://pagegrade.test")).toMatchObject({ id, pages: { audited: 4 }, page_url: `https://pagegrade.test/crawls/${id}`, compare: null });
    expect(crawlEventData(crawl, counts, null)).toMatchObject({ id, page_url: null });
  });

  it("drops the site checks' examples (and keeps their verdicts) when the payload would pass 20 KB", async () => {
    const id = await seedCrawl(await createCaller());
    const examples = Array.from({ length: 400 }, (_, i) => ({ url: `https://seeded.example/a-long-path/${i}` }));
    const siteChecks = { duplicate_titles: { passed: false, applicable: true, count: 400, examples } };
    await env.DB.prepare("UPDATE crawls SET site_checks = ? WHERE id = ?").bind(JSON.stringify(siteChecks), id).run();
    const data = crawlEventData((await findCrawlById(createDb(env.DB), id))!, noPages, null);
    expect(data.site_checks).toEqual({ duplicate_titles: { passed: false, applicable: true, count: 400, examples: [] } });
    expect(JSON.stringify(data).length).toBeLessThan(20_000);
  });
});
