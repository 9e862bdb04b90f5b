import { describe, expect, it } from "vitest";
import { handleCrawlQueue } from "../../src/crawls/crawl-consumer";
import { handleAnalysisBatch, handleAnalysisDeadLetters } from "../../src/queue/consumer";
import { queueHandler } from "../../src/queue/dispatch";
import { handleWebhookBatch, handleWebhookDeadLetters } from "../../src/webhooks/deliver";

describe("queue dispatch", () => {
  it("knows a queue by the end of its name, whatever app embeds the API", () => {
    for (const app of ["pagegrade", "edge-app"]) {
      expect(queueHandler(`${app}-analysis`)).toBe(handleAnalysisBatch);
      expect(queueHandler(`${app}-analysis-dlq`)).toBe(handleAnalysisDeadLetters);
      expect(queueHandler(`${app}-webhooks`)).toBe(handleWebhookBatch);
      expect(queueHandler(`${app}-webhooks-dlq`)).toBe(handleWebhookDeadLetters);
      expect(queueHandler(`${app}-crawl`)).toBe(handleCrawlQueue);
    }
  });

  it("has no handler for a queue it does not know", () => {
    expect(queueHandler("pagegrade-analysis-extra")).toBeUndefined();
    expect(queueHandler("analysis")).toBeUndefined();
  });
});
