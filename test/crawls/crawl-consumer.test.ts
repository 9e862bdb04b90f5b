import { describe, expect, it } from "vitest";
import { createCaller } from "../helpers/api";
import { crawlRow, seedCrawl } from "../helpers/crawl-rows";
import { deliverMessage } from "../helpers/webhooks";

describe("the crawl queue's consumer (crawl-consumer.ts)", () => {
  it("acks a message that is no crawl job without running anything", async () => {
    const result = await deliverMessage("pagegrade-crawl", { kind: "crawl_page", crawlId: 1 });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
  });

  it("a job for a crawl past its step changes nothing: discovery of a running crawl, site checks of an unclaimed one", async () => {
    const crawlId = await seedCrawl(await createCaller());
    const before = await crawlRow(crawlId);
    for (const kind of ["discover", "site_checks", "plan_links"]) {
      const result = await deliverMessage("pagegrade-crawl", { kind, crawlId });
      expect(result.explicitAcks).toHaveLength(1);
    }
    expect(await crawlRow(crawlId)).toEqual(before);
  });
});
