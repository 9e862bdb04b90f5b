import { describe, expect, it } from "vitest";
import { crawlJobSchema, sendCrawlJob } from "../../src/crawls/crawl-job";

const refusing = {
  send: async () => {
    throw new Error("queue down");
  },
} as unknown as Queue;

function recordingQueue() {
  const sent: { body: unknown; options?: QueueSendOptions }[] = [];
  const queue = { send: async (body: unknown, options?: QueueSendOptions) => void sent.push({ body, options }) } as unknown as Queue;
  return { queue, sent };
}

describe("the crawl queue's one job (crawl-job.ts)", () => {
  it("parses every kind the crawl queue carries, and nothing else", () => {
    for (const kind of ["discover", "plan_links", "check_links", "site_checks"]) {
      expect(crawlJobSchema.safeParse({ kind, crawlId: 7 }).success).toBe(true);
    }
    expect(crawlJobSchema.safeParse({ kind: "crawl_page", crawlId: 7 }).success).toBe(false);
    expect(crawlJobSchema.safeParse({ kind: "discover", crawlId: 0 }).success).toBe(false);
    expect(crawlJobSchema.safeParse({ kind: "discover" }).success).toBe(false);
  });

  it("sends a job as JSON with its delay, and says false when the queue refuses", async () => {
    const { queue, sent } = recordingQueue();
    expect(await sendCrawlJob({ crawl: queue }, { kind: "check_links", crawlId: 3 }, { delaySeconds: 5 })).toBe(true);
    expect(await sendCrawlJob({ crawl: queue }, { kind: "site_checks", crawlId: 3 })).toBe(true);
    expect(sent).toEqual([
      { body: { kind: "check_links", crawlId: 3 }, options: { contentType: "json", delaySeconds: 5 } },
      { body: { kind: "site_checks", crawlId: 3 }, options: { contentType: "json", delaySeconds: 0 } },
    ]);
    expect(await sendCrawlJob({ crawl: refusing }, { kind: "plan_links", crawlId: 3 })).toBe(false);
  });
});
