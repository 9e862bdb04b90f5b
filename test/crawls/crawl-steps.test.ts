import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { config } from "../../src/config";
import type { CrawlDeps } from "../../src/crawls/crawl-deps";
import { continueCrawl, finalizeCrawl } from "../../src/crawls/crawl-steps";
import { createDb } from "../../src/db/client";
import { queuesOf } from "../../src/queues";
import { createCaller } from "../helpers/api";
import { addPage, crawlRow, seedCrawl } from "../helpers/crawl-rows";

const refusing = {
  send: async () => {
    throw new Error("queue down");
  },
} as unknown as Queue;

function recordingQueue() {
  const sent: unknown[] = [];
  return { queue: { send: async (body: unknown) => void sent.push(body) } as unknown as Queue, sent };
}

const depsWith = (crawl: Queue): CrawlDeps => ({ db: createDb(env.DB), settings: config(env), queues: { ...queuesOf(env), crawl } });

describe("a crawl's steps (crawl-steps.ts)", () => {
  it("queues what a step leaves to do, and runs nothing in place while the queue takes it", async () => {
    const crawlId = await seedCrawl(await createCaller(), { settlingAt: new Date().toISOString() });
    const { queue, sent } = recordingQueue();
    await continueCrawl(depsWith(queue), { job: { kind: "site_checks", crawlId } });
    expect(sent).toEqual([{ kind: "site_checks", crawlId }]);
    expect(await crawlRow(crawlId)).toMatchObject({ status: "running" });
  });

  it("when the queue refuses a link-check step, the site checks run in place and the crawl completes with what it has", async () => {
    const crawlId = await seedCrawl(await createCaller(), { settlingAt: new Date().toISOString() });
    await addPage(crawlId, "https://seeded.example/", "failed");
    await continueCrawl(depsWith(refusing), { job: { kind: "check_links", crawlId } });
    expect(await crawlRow(crawlId)).toMatchObject({ status: "completed", score: null, result: null });
  });

  it("finalizes a crawl whose last page settled once: claimed, its link plan queued; a second caller queues nothing", async () => {
    const crawlId = await seedCrawl(await createCaller());
    await addPage(crawlId, "https://seeded.example/", "audited");
    const { queue, sent } = recordingQueue();
    await finalizeCrawl(depsWith(queue), crawlId);
    await finalizeCrawl(depsWith(queue), crawlId);
    expect(sent).toEqual([{ kind: "plan_links", crawlId }]);
    expect((await crawlRow(crawlId))!.settling_at).not.toBeNull();
  });
});
