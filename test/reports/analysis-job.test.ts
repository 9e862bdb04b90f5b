import { describe, expect, it } from "vitest";
import { analysisJobSchema } from "../../src/reports/analysis-job";

describe("the analysis queue's message", () => {
  it("reads a lone report's job and a crawl page's job by their kind", () => {
    expect(analysisJobSchema.parse({ kind: "report", reportId: 3, generation: 2 })).toEqual({ kind: "report", reportId: 3, generation: 2 });
    const page = { kind: "crawl_page", reportId: 3, generation: 1, crawlId: 9, crawlPageId: 40 };
    expect(analysisJobSchema.parse(page)).toEqual(page);
  });

  it("reads a message queued before jobs named their kind as the kind its ids say", () => {
    expect(analysisJobSchema.parse({ reportId: 3, generation: 2 })).toEqual({ kind: "report", reportId: 3, generation: 2 });
    expect(analysisJobSchema.parse({ reportId: 3, generation: 1, crawlId: 9, crawlPageId: 40 })).toMatchObject({ kind: "crawl_page", crawlId: 9 });
  });

  it("refuses what is not a job: an unknown kind, a crawl page without its ids, ids that are not positive integers", () => {
    for (const body of [
      { kind: "crawl", reportId: 1, generation: 1 },
      { kind: "crawl_page", reportId: 1, generation: 1 },
      { kind: "report", reportId: 0, generation: 1 },
      { kind: "report", reportId: 1.5, generation: 1 },
      { reportId: "1", generation: 1 },
      null,
      "1",
    ]) {
      expect(analysisJobSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
