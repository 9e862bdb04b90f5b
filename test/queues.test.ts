import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { onShard } from "../src/db/shards";
import { queuesOf, retryDelaySeconds } from "../src/queues";

describe("the queues' retry policy (the analysis lanes and the crawl queue)", () => {
  it("backs off exponentially between deliveries from ANALYSIS_RETRY_DELAY_SECONDS (2 s by default), capped at five minutes", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts, 2))).toEqual([2, 4, 8, 16]);
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts, 1))).toEqual([1, 2, 4, 8]);
    expect(retryDelaySeconds(20, 2)).toBe(300);
    expect(retryDelaySeconds(20, 1)).toBe(300);
  });
});

describe("queuesOf", () => {
  it("names every queue binding by what goes on it", () => {
    const queues = queuesOf(env);
    // The same binding, not a look-alike: swapping two would send a crawl's job to the analysis lanes.
    expect(Object.keys(queues).sort()).toEqual(["analysis", "crawl", "slow", "webhooks"]);
    expect(queues.analysis).toBe(env.ANALYSIS_QUEUE);
    expect(queues.slow).toBe(env.ANALYSIS_SLOW_QUEUE);
    expect(queues.webhooks).toBe(env.WEBHOOK_QUEUE);
    expect(queues.crawl).toBe(env.CRAWL_QUEUE);
  });
});

describe("queuesOf on a shard", () => {
  it("stamps the shard on every message a shard sends, and shard 0's messages stay as before shards", async () => {
    const sent: unknown[] = [];
    const recording = {
      send: async (body: unknown) => void sent.push(body),
      sendBatch: async (messages: Iterable<MessageSendRequest>) => void [...messages].forEach((m) => sent.push(m.body)),
    } as unknown as Queue;
    const shardEnv = { ...env, DB_1: env.DB, ANALYSIS_QUEUE: recording, CRAWL_QUEUE: recording } as unknown as Env;
    expect(queuesOf(onShard(shardEnv, 0)).analysis).toBe(recording);
    const queues = queuesOf(onShard(shardEnv, 1));
    await queues.analysis.send({ kind: "report", reportId: 5, generation: 1 });
    await queues.crawl.sendBatch([{ body: { kind: "discover", crawlId: 9 } }]);
    expect(sent).toEqual([
      { kind: "report", reportId: 5, generation: 1, shard: 1 },
      { kind: "discover", crawlId: 9, shard: 1 },
    ]);
  });
});
