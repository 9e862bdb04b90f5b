import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { enqueueDiscovery } from "../../src/crawls/enqueue-discovery";
import { createDb } from "../../src/db/client";
import { ApiError } from "../../src/http/errors";
import { createCaller } from "../helpers/api";
import { crawlRow, seedCrawl } from "../helpers/crawl-rows";

const refusing = {
  send: async () => {
    throw new Error("queue down");
  },
} as unknown as Queue;

describe("queueing a crawl's discovery (enqueue-discovery.ts)", () => {
  it("sends the discover job on the crawl queue", async () => {
    const id = await seedCrawl(await createCaller(), { status: "discovering" });
    const sent: unknown[] = [];
    await enqueueDiscovery(createDb(env.DB), { crawl: { send: async (body: unknown) => void sent.push(body) } as unknown as Queue }, id);
    expect(sent).toEqual([{ kind: "discover", crawlId: id }]);
    expect(await crawlRow(id)).toMatchObject({ status: "discovering" });
  });

  it("fails the crawl when the queue refuses: a 503 with Retry-After for the API, silently for the cron", async () => {
    const caller = await createCaller();
    const [asked, scheduled] = [await seedCrawl(caller, { status: "discovering" }), await seedCrawl(caller, { status: "discovering", url: "https://b.example/" })];
    const db = createDb(env.DB);
    await expect(enqueueDiscovery(db, { crawl: refusing }, asked)).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 503 && error.headers?.["Retry-After"] === "30",
    );
    await enqueueDiscovery(db, { crawl: refusing }, scheduled, { throwOnFailure: false });
    for (const id of [asked, scheduled]) expect(await crawlRow(id)).toMatchObject({ status: "failed", error_code: "enqueue_failed" });
  });
});
