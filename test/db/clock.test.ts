import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dbNowMs } from "../../src/db/clock";
import { createDb } from "../../src/db/client";

describe("the database's clock", () => {
  it("is the time (ms) when the statement runs, as D1 reads it", async () => {
    const before = Date.now();
    const row = await createDb(env.DB).get<{ now: number }>(sql`SELECT ${dbNowMs} AS now`);
    const after = Date.now();
    expect(Number.isInteger(row.now)).toBe(true);
    // D1's clock is the isolate's: within the statement's round trip, give or take julianday's rounding.
    expect(row.now).toBeGreaterThanOrEqual(before - 5);
    expect(row.now).toBeLessThanOrEqual(after + 5);
  });
});
