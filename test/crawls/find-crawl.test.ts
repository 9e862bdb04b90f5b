import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findCrawl, findCrawlById, pageCounts } from "../../src/crawls/find-crawl";
import { createDb } from "../../src/db/client";
import { createCaller } from "../helpers/api";
import { addPage, seedCrawl } from "../helpers/crawl-rows";

describe("finding a crawl (find-crawl.ts)", () => {
  it("finds the account's own crawl only; the public page finds any", async () => {
    const [owner, other] = [await createCaller(), await createCaller()];
    const id = await seedCrawl(owner);
    const db = createDb(env.DB);
    expect(await findCrawl(db, owner.accountId, id)).toMatchObject({ id, accountId: owner.accountId });
    expect(await findCrawl(db, other.accountId, id)).toBeUndefined();
    expect(await findCrawlById(db, id)).toMatchObject({ id });
  });

  it("counts each crawl's pages by state in one query, zero for states and crawls without pages", async () => {
    const caller = await createCaller();
    const [a, b] = [await seedCrawl(caller), await seedCrawl(caller, { url: "https://b.example/" })];
    for (const [i, state] of ["audited", "audited", "failed", "blocked", "pending"].entries()) await addPage(a, `https://seeded.example/${i}`, state);
    const counts = await pageCounts(createDb(env.DB), [a, b]);
    expect(counts.get(a)).toEqual({ audited: 2, failed: 1, blocked: 1, pending: 1 });
    expect(counts.get(b)).toEqual({ audited: 0, failed: 0, blocked: 0, pending: 0 });
  });
});
