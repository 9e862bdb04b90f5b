// The Chrome UX Report's cache and minute budget with three shards: kept once, in the directory (DB here), so every
// shard's consumers share them (src/field/field-data.ts `fieldDatabase`), against the local API (test/server/crux-api.ts).
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { onShard } from "../../../src/db/shards";
import { fieldDatabase, fieldDataSource } from "../../../src/field/field-data";
import { cruxQueries } from "../../helpers/crux-queries";
import { CRUX_TEST_KEY } from "../../server/crux-api";
import { shardDb } from "../../helpers/shards";

const settings = (queriesPerMinute: number) => ({ apiOrigin: env.CRUX_API_ORIGIN, apiKey: CRUX_TEST_KEY, timeoutMs: 2000, queriesPerMinute });
const asked = (tag: string) => cruxQueries(env.CRUX_API_ORIGIN, tag);
const rows = (shard: number, table: string) => shardDb(shard).prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>().then((r) => r!.n);
const sourceOn = (shard: number, perMinute = 140) => fieldDataSource(fieldDatabase(onShard(env, shard)), settings(perMinute));

it("an answer asked from one shard's consumer serves the same URL on another shard; nothing is kept on shards 1 and 2", async () => {
  const url = `${env.PAGE_SERVER}/experience/fast?crux=good&t=shards-cache`;
  expect(await sourceOn(1)(url, "mobile")).toMatchObject({ ok: true });
  expect(await sourceOn(2)(url, "mobile")).toMatchObject({ ok: true });
  expect(await asked("t=shards-cache")).toHaveLength(1);
  for (const shard of [1, 2]) {
    expect(await rows(shard, "crux_records")).toBe(0);
    expect(await rows(shard, "crux_queries")).toBe(0);
  }
  expect(await rows(0, "crux_records")).toBeGreaterThan(0);
});

it("one minute's budget for the deployment: a query taken on shard 1 leaves none for shard 2 at the limit", async () => {
  // The budget is this minute's use so far plus one; a minute that ends during the two asks is tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const minute = async () => (await shardDb(0).prepare("SELECT minute, used FROM crux_queries ORDER BY minute DESC LIMIT 1").first<{ minute: number; used: number }>()) ?? { minute: 0, used: 0 };
    const before = await minute();
    const perMinute = before.used + 1;
    const tag = `t=shards-pace-${attempt}`;
    const first = await sourceOn(1, perMinute)(`${env.PAGE_SERVER}/experience/fast?crux=good&${tag}a`, "mobile");
    const second = await sourceOn(2, perMinute)(`${env.PAGE_SERVER}/experience/fast?crux=good&${tag}b`, "mobile");
    if ((await minute()).minute !== before.minute && attempt < 2) continue;
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: false });
    expect((await asked(`${tag}a`)).length).toBe(1);
    expect(await asked(`${tag}b`)).toEqual([]);
    return;
  }
});
