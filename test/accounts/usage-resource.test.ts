import { describe, expect, it } from "vitest";
import { toUsageResource, usageResource } from "../../src/accounts/usage-resource";

describe("toUsageResource", () => {
  it("gives the month's period and each counter's use, limit and reset, as its schema says", () => {
    const resource = toUsageResource(
      { reports: { used: 4, limit: 10 }, crawl_pages: { used: 0, limit: null }, rendered: { used: 2, limit: 2 } },
      new Date("2027-02-28T12:00:00.000Z"),
    );
    expect(resource).toEqual({
      period: { start: "2027-02-01T00:00:00.000Z", end: "2027-03-01T00:00:00.000Z" },
      reports: { used: 4, limit: 10, resets_at: "2027-03-01T00:00:00.000Z" },
      crawl_pages: { used: 0, limit: null, resets_at: "2027-03-01T00:00:00.000Z" },
      rendered: { used: 2, limit: 2, resets_at: "2027-03-01T00:00:00.000Z" },
    });
    expect(usageResource.parse(resource)).toEqual(resource);
  });
});
