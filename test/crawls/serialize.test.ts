import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findCrawlById } from "../../src/crawls/find-crawl";
import { noPages, toCrawlPageResource, toCrawlResource } from "../../src/crawls/serialize";
import { createDb } from "../../src/db/client";
import { createCaller } from "../helpers/api";
import { seedCrawl } from "../helpers/crawl-rows";

describe("the crawl resource (serialize.ts)", () => {
  it("shows the row as docs/crawls.md says: counts, a password only as a flag, the page URL from the origin", async () => {
    const id = await seedCrawl(await createCaller());
    await env.DB.prepare("UPDATE crawls SET password_hash = 'x', found = 12, skipped = 2, error_code = 'e', error_message = NULL WHERE id = ?").bind(id).run();
    const crawl = (await findCrawlById(createDb(env.DB), id))!;
    const resource = toCrawlResource(crawl, { ...noPages, audited: 3, pending: 1 }, "https://pagegrade.test");
    expect(resource).toMatchObject({
      id,
      status: "running",
      password: true,
      pages: { found: 12, audited: 3, failed: 0, blocked: 0, pending: 1, skipped: 2 },
      error: { code: "e", message: "" },
      page_url: `https://pagegrade.test/crawls/${id}`,
      pruned_at: null,
    });
    expect(JSON.stringify(resource)).not.toContain("password_hash");
  });

  it("a pruned crawl's counts are those stored when its rows went", async () => {
    const id = await seedCrawl(await createCaller());
    await env.DB.prepare("UPDATE crawls SET issue_summary = ?, pruned_at = ? WHERE id = ?")
      .bind(JSON.stringify({ pages: { audited: 40, failed: 2, blocked: 1, pending: 0 }, checks: [] }), new Date().toISOString(), id)
      .run();
    const crawl = (await findCrawlById(createDb(env.DB), id))!;
    expect(toCrawlResource(crawl, noPages, "https://pagegrade.test").pages).toMatchObject({ audited: 40, failed: 2, blocked: 1 });
  });

  it("a page says how it was found", () => {
    const page = { url: "https://a.example/", state: "audited" as const, depth: 1, reportId: 9 };
    expect(toCrawlPageResource({ ...page, inSitemap: true, linked: true })).toEqual({ url: page.url, state: "audited", depth: 1, in_sitemap: true, found_via: "both", report: 9 });
    expect(toCrawlPageResource({ ...page, inSitemap: false, linked: true }).found_via).toBe("links");
  });
});
