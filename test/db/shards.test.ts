import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { generateApiKey, hashApiKey } from "../../src/accounts/api-keys";
import { SHARD_ID_SPAN, SHARD_NUMBERED_TABLES, shardDatabases, shardOfId, shardOfMessage, shardSequenceStatements } from "../../src/db/shards";
import { BASE, call } from "../helpers/api";
import { createCallerOn, rowsPerShard, shardDb } from "../helpers/shards";

/** A directory that counts the SELECTs run on it: env.DB itself, behind a proxy bound as DIRECTORY. */
function countingDirectory() {
  const reads: string[] = [];
  const directory = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          if (/^\s*select/i.test(sql)) reads.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { directory, reads };
}

describe("shards: ids, sequences and the directory", () => {
  it("an id names its shard in the bits above 2^40; shard 0's ids are the ids of before shards", () => {
    expect(shardOfId(1)).toBe(0);
    expect(shardOfId(SHARD_ID_SPAN - 1)).toBe(0);
    expect(shardOfId(SHARD_ID_SPAN + 1)).toBe(1);
    expect(shardOfId(2 * SHARD_ID_SPAN + 77)).toBe(2);
    expect(shardOfMessage({ reportId: 1 })).toBe(0);
    expect(shardOfMessage({ reportId: 1, shard: 2 })).toBe(2);
    expect(shardOfMessage({ shard: -1 })).toBe(0);
    expect(shardSequenceStatements(0)).toEqual([]);
  });

  it("the test project binds three shards, and every AUTOINCREMENT table but the directory's is numbered per shard", async () => {
    expect(shardDatabases(env)).toHaveLength(3);
    const rows = await shardDb(1).prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'").all<{ name: string }>();
    const numbered = rows.results.map((r) => r.name).filter((name) => !["accounts", "api_keys", "account_moves", "d1_migrations"].includes(name));
    expect(numbered.sort()).toEqual([...SHARD_NUMBERED_TABLES].sort());
    // Seeding twice changes nothing.
    await shardDb(2).batch(shardSequenceStatements(2).map((sql) => shardDb(2).prepare(sql)));
    const seq = await shardDb(2)
      .prepare(`SELECT min(seq) AS low, count(*) AS n FROM sqlite_sequence WHERE name IN (${SHARD_NUMBERED_TABLES.map((t) => `'${t}'`).join(", ")})`)
      .first<{ low: number; n: number }>();
    expect(seq).toEqual({ low: expect.any(Number), n: SHARD_NUMBERED_TABLES.length });
    expect(seq!.low).toBeGreaterThanOrEqual(2 * SHARD_ID_SPAN);
  });

  it("a report of an account on shard 2 gets an id of shard 2 and lives only there", async () => {
    const caller = await createCallerOn(2);
    const res = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
    expect(res.status).toBe(201);
    const id = res.json.data.id as number;
    expect(shardOfId(id)).toBe(2);
    expect(await rowsPerShard("reports", id)).toEqual([0, 0, 1]);
  });

  it("a request reads the directory once, and the next requests of the same key read it from the isolate's cache", async () => {
    const caller = await createCallerOn(1, "directory-reads");
    const { directory, reads } = countingDirectory();
    // The project's cache lasts 1 s (for the moves' tests): these requests keep the deployed minute, so a loaded
    // machine cannot let the entry end between them.
    const cached = { ...env, DIRECTORY: directory, DIRECTORY_CACHE_SECONDS: "60" } as Env;
    const fetchList = async () => {
      const ctx = createExecutionContext();
      const request = new Request(`${BASE}/api/v1/reports`, { headers: { Authorization: `Bearer ${caller.key}`, Accept: "application/json" } });
      const res = await worker.fetch(request, cached, ctx);
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    expect(await fetchList()).toBe(200);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from "api_keys"/);
    for (let i = 0; i < 3; i++) expect(await fetchList()).toBe(200);
    expect(reads).toHaveLength(1);
    // An unknown key is read each time (nothing is kept for it) and answers 401.
    const unknown = await worker.fetch(
      new Request(`${BASE}/api/v1/reports`, { headers: { Authorization: `Bearer pg_${"B".repeat(43)}` } }),
      cached,
      createExecutionContext(),
    );
    expect(unknown.status).toBe(401);
    expect(reads).toHaveLength(2);
  });
});

describe("an account being moved", () => {
  it("has its writes refused with 503 and Retry-After while its reads are served, on its shard", async () => {
    const caller = await createCallerOn(1, "moving");
    const made = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
    expect(made.status).toBe(201);
    await env.DB.prepare("UPDATE accounts SET moving_since = ? WHERE id = ?").bind(new Date().toISOString(), caller.accountId).run();
    // A new key of the account: its first request reads the directory (the cache of the first key is still fresh).
    const { key, prefix } = generateApiKey();
    await env.DB.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (?, 'second', ?, ?)").bind(caller.accountId, prefix, await hashApiKey(key)).run();
    const refused = await call("/api/v1/reports", { key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("120");
    expect(refused.json).toEqual({ message: expect.stringContaining("being moved"), status: 503 });
    const deleted = await call(`/api/v1/reports/${made.json.data.id}`, { key, method: "DELETE" });
    expect(deleted.status).toBe(503);
    const read = await call(`/api/v1/reports/${made.json.data.id}`, { key });
    expect(read.status).toBe(200);
    expect(await rowsPerShard("reports", made.json.data.id)).toEqual([0, 1, 0]);
    const count = await shardDb(1).prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").bind(caller.accountId).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });
});
