import { describe, expect, it } from "vitest";
import { describeRetry, roughDuration } from "../../src/page/describe-retry";

const now = Date.parse("2026-01-01T12:00:00Z");
const waiting = (code: string, message: string, inMs: number, status: "processing" | "completed" = "processing") => ({
  status,
  attempts: 1,
  lastErrorCode: code,
  lastErrorMessage: message,
  lastErrorAt: "2026-01-01T11:59:00Z",
  nextAttemptAt: new Date(now + inMs).toISOString(),
  updatedAt: "2026-01-01T11:59:00Z",
});

describe("roughDuration", () => {
  it("rounds to a few seconds, fives of seconds, then whole minutes", () => {
    expect(roughDuration(3_000)).toBe("a few seconds");
    expect(roughDuration(38_000)).toBe("about 40 seconds");
    expect(roughDuration(50_000)).toBe("about 1 minute");
    expect(roughDuration(170_000)).toBe("about 3 minutes");
  });
});

describe("describeRetry", () => {
  it("says what failed in the reader's words, which attempt comes next and when", () => {
    expect(describeRetry(waiting("timeout", "Timed out.", 60_000), 5, now)).toBe("Retrying: the site did not answer in time (attempt 2 of 5, next in about 1 minute)");
  });

  it("falls back to the stored message without its full stop, and says a due retry is starting", () => {
    expect(describeRetry(waiting("odd_failure", "Something odd happened.", -1_000), 3, now)).toBe("Retrying: Something odd happened (attempt 2 of 3, starting now)");
  });

  it("says nothing of a report that waits for no retry", () => {
    expect(describeRetry({ ...waiting("timeout", "", 60_000), nextAttemptAt: null }, 5, now)).toBeNull();
    expect(describeRetry(waiting("timeout", "", 60_000, "completed"), 5, now)).toBeNull();
  });
});
