import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deleteCrawl } from "../../src/crawls/delete-crawl";
import { createDb } from "../../src/db/client";
import { ApiError } from "../../src/http/errors";
import { createCaller } from "../helpers/api";
import { addPage, crawlRow, pageRows, seedCrawl } from "../helpers/crawl-rows";

describe("deleting a crawl (delete-crawl.ts)", () => {
  it("cancels it, then removes it with its pages and link checks; another account's crawl is 404 and stays", async () => {
    const [owner, other] = [await createCaller(), await createCaller()];
    const id = await seedCrawl(owner);
    await addPage(id, "https://seeded.example/", "pending");
    await env.DB.prepare("INSERT INTO crawl_links (crawl_id, url, kind) VALUES (?, 'https://seeded.example/x', 'internal')").bind(id).run();
    const db = createDb(env.DB);
    await expect(deleteCrawl(db, other.accountId, id)).rejects.toSatisfy((error) => error instanceof ApiError && error.status === 404);
    expect(await pageRows(id)).toHaveLength(1);
    await deleteCrawl(db, owner.accountId, id);
    expect(await crawlRow(id)).toBeNull();
    expect(await pageRows(id)).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM crawl_links WHERE crawl_id = ?").bind(id).first()).toEqual({ n: 0 });
  });
});
