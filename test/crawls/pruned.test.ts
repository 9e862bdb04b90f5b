import { describe, expect, it } from "vitest";
import { requirePageRows } from "../../src/crawls/pruned";
import type { Crawl } from "../../src/db/schema";
import { ApiError } from "../../src/http/errors";

describe("a pruned crawl's page lists (pruned.ts)", () => {
  it("answer 410 Gone saying when the rows went; a crawl never pruned passes", () => {
    expect(() => requirePageRows({ prunedAt: null } as Crawl)).not.toThrow();
    let thrown: unknown;
    try {
      requirePageRows({ prunedAt: "2026-01-02T03:04:05.000Z" } as Crawl);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(410);
    expect((thrown as ApiError).message).toContain("pruned on 2026-01-02T03:04:05.000Z");
  });
});
