import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelCrawl } from "../../src/crawls/cancel-crawl";
import { createDb } from "../../src/db/client";
import { ApiError } from "../../src/http/errors";
import { createCaller } from "../helpers/api";
import { addPage, pageRows, seedCrawl } from "../helpers/crawl-rows";

const status = (error: unknown) => (error instanceof ApiError ? error.status : null);

describe("cancelling a crawl (cancel-crawl.ts)", () => {
  it("stops an unfinished crawl and leaves its pending pages pending; a finished one is 409, another account's 404", async () => {
    const [owner, other] = [await createCaller(), await createCaller()];
    const id = await seedCrawl(owner);
    await addPage(id, "https://seeded.example/", "pending");
    const db = createDb(env.DB);
    await expect(cancelCrawl(db, other.accountId, id)).rejects.toSatisfy((error) => status(error) === 404);
    expect(await cancelCrawl(db, owner.accountId, id)).toMatchObject({ id, status: "cancelled" });
    expect((await pageRows(id)).map((p) => p.state)).toEqual(["pending"]);
    await expect(cancelCrawl(db, owner.accountId, id)).rejects.toSatisfy((error) => status(error) === 409);
  });
});
