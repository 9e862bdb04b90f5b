import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { takeCruxQuery } from "../../src/field/crux-pace";

const minuteNow = async () => (await env.DB.prepare("SELECT CAST((julianday('now') - 2440587.5) * 1440 AS INTEGER) AS m").first<{ m: number }>())!.m;

it("takes a minute's queries from D1 up to the budget, then refuses, whoever asks", async () => {
  const db = createDb(env.DB);
  // A run that straddles a minute's end starts over in the next minute: the count is per minute of the database's clock.
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await minuteNow();
    await env.DB.prepare("DELETE FROM crux_queries").run();
    // Two "consumers" (two handles on the one D1) share the count.
    const other = createDb(env.DB);
    const taken = await Promise.all([takeCruxQuery(db, 3), takeCruxQuery(other, 3), takeCruxQuery(db, 3), takeCruxQuery(other, 3), takeCruxQuery(db, 3)]);
    if ((await minuteNow()) !== before) continue;
    expect(taken.filter(Boolean)).toHaveLength(3);
    const row = await env.DB.prepare("SELECT used FROM crux_queries").first<{ used: number }>();
    expect(row?.used).toBe(3);
    return;
  }
  throw new Error("three runs straddled a minute's end");
});
