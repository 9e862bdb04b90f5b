import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
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
