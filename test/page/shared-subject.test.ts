import { describe, expect, it } from "vitest";
import { attemptsKey, subjectKey, subjectPath } from "../../src/page/shared-subject";

describe("a shared subject's keys", () => {
  it("keep a report's bare id, so cookies issued before crawls were shared stay valid", () => {
    expect(subjectKey({ kind: "report", id: 7 })).toBe("7");
    expect(subjectKey({ kind: "crawl", id: 7 })).toBe("crawl_7");
  });

  it("give each subject its page's path", () => {
    expect(subjectPath({ kind: "report", id: 7 })).toBe("/reports/7");
    expect(subjectPath({ kind: "crawl", id: 7 })).toBe("/crawls/7");
  });

  it("count a crawl's wrong passwords apart from the report of the same id", () => {
    expect(attemptsKey({ kind: "report", id: 7 })).toBe(7);
    expect(attemptsKey({ kind: "crawl", id: 7 })).toBe(-7);
  });
});
