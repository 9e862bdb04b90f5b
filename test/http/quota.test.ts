import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/errors";
import { quotaExceeded, withinQuota } from "../../src/http/quota";

describe("quotaExceeded", () => {
  it("is a 429 naming the counter and the next UTC month's first instant, with Retry-After until then", () => {
    const at = new Date("2026-12-31T23:59:00.000Z");
    const error = quotaExceeded("rendered", at);
    expect(error.status).toBe(429);
    expect(error.message).toBe("The account's monthly quota of rendered pages is used up; it resets at 2027-01-01T00:00:00.000Z.");
    expect(error.details).toEqual({ code: "quota_exceeded", counter: "rendered", resets_at: "2027-01-01T00:00:00.000Z" });
    expect(error.headers).toEqual({ "Retry-After": "60" });
  });
});

describe("withinQuota", () => {
  it("turns a counter's refusal into the 429 and passes any other error on as it is", async () => {
    const refusal = new Error("D1_ERROR: NOT NULL constraint failed: account_usage.reports: SQLITE_CONSTRAINT");
    await expect(withinQuota(Promise.reject(refusal))).rejects.toMatchObject({ status: 429, details: { counter: "reports" } });
    const other = new Error("D1_ERROR: no such table");
    await expect(withinQuota(Promise.reject(other))).rejects.toBe(other);
    expect(await withinQuota(Promise.resolve(7))).toBe(7);
    expect(quotaExceeded("reports")).toBeInstanceOf(ApiError);
  });
});
