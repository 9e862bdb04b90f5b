import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tallies, tallyStatement } from "../../src/crawls/tally-failures";
import { createDb } from "../../src/db/client";
import { createCaller } from "../helpers/api";
import { addPage, seedCrawl } from "../helpers/crawl-rows";

const fail = (crawlId: number, check: string, pageId: number) =>
  env.DB.prepare("INSERT INTO crawl_page_failures (crawl_id, check_id, crawl_page_id) VALUES (?, ?, ?)").bind(crawlId, check, pageId).run();

describe("a crawl's failures per check (tally-failures.ts)", () => {
  it("counts every failing page and keeps the first five by page id as examples, optionally narrowed by the page", async () => {
    const crawlId = await seedCrawl(await createCaller());
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await addPage(crawlId, `https://seeded.example/${i}`, "audited", { inSitemap: i % 2 === 0 }));
    for (const id of ids) await fail(crawlId, "title", id);
    await fail(crawlId, "h1", ids[3]!);
    const db = createDb(env.DB);
    const all = tallies(await db.all(tallyStatement(crawlId)));
    expect(all.get("title")).toEqual({ pages: 7, examples: [0, 1, 2, 3, 4].map((i) => `https://seeded.example/${i}`) });
    expect(all.get("h1")).toEqual({ pages: 1, examples: ["https://seeded.example/3"] });
    const listed = tallies(await db.all(tallyStatement(crawlId, sql`xp.in_sitemap = 1`)));
    expect(listed.get("title")).toEqual({ pages: 4, examples: [0, 2, 4, 6].map((i) => `https://seeded.example/${i}`) });
    expect(listed.has("h1")).toBe(false);
  });
});
