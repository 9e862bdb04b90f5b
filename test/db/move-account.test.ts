import { env } from "cloudflare:workers";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { config } from "../../src/config";
import * as schema from "../../src/db/schema";
import { countRows, MOVED_TABLES, moveAccount, MoveRefused, NOT_MOVED_TABLES } from "../../src/db/move-account";
import { shardOfId } from "../../src/db/shards";
import { call } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { dataTables } from "../helpers/empty-d1";
import { createCallerOn, shardDb } from "../helpers/shards";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";

// The "shards" project's DIRECTORY_CACHE_SECONDS (1): the move waits as long as the Worker's own setting says.
const cacheSeconds = config(env).directoryCacheSeconds;
const page = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;
const shard = (k: number) => ({ shard: k, db: shardDb(k) });
const move = (accountId: number, from: number, to: number, extra: Partial<Parameters<typeof moveAccount>[0]> = {}) =>
  moveAccount({ accountId, directory: env.DB, from: shard(from), to: shard(to), cacheSeconds, quietSeconds: 30, log: (line) => console.log(`move ${accountId}: ${line}`), ...extra });
const none = Object.fromEntries(MOVED_TABLES.map((t) => [t.table, 0]));

/** Every table of a database with an `account_id` column, and how many rows of the account each holds. */
async function accountIdRows(db: D1Database, accountId: number) {
  const counts: Record<string, number> = {};
  for (const name of await dataTables(db)) {
    const { results: columns } = await db.prepare("SELECT name FROM pragma_table_info(?)").bind(name).all<{ name: string }>();
    if (!columns.some((c) => c.name === "account_id")) continue;
    counts[name] = (await db.prepare(`SELECT count(*) AS n FROM ${name} WHERE account_id = ?`).bind(accountId).first<{ n: number }>())!.n;
  }
  return counts;
}

describe("the tables a move carries", () => {
  it("are every table of the schema but the ones named with a reason", () => {
    const tables = Object.values(schema).filter((value) => is(value, SQLiteTable)).map((table) => getTableName(table as SQLiteTable));
    const listed = [...MOVED_TABLES.map((t) => t.table), ...Object.keys(NOT_MOVED_TABLES)];
    expect([...listed].sort()).toEqual([...tables].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe("moving one account to another shard", () => {
  it("carries its reports, history, schedule, crawl with pages, webhook and deliveries; the old shard keeps none, the others are untouched", async () => {
    const mover = await createCallerOn(1, "mover");
    const neighbour = await createCallerOn(1, "neighbour-1");
    const resident = await createCallerOn(2, "resident-2");
    const made = await call("/api/v1/reports", { key: mover.key, form: { url: page(), schedule: "daily" } });
    expect(made.status).toBe(201);
    const reportId = made.json.data.id as number;
    expect(shardOfId(reportId)).toBe(1);
    expect((await waitForReport(mover.key, reportId)).status).toBe("completed");
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(mover, url, ["crawl.completed"]);
    const started = await startCrawl(mover.key, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 3 });
    expect(started.status).toBe(201);
    const crawlId = started.json.data.id as number;
    expect((await waitForCrawl(mover.key, crawlId)).status).toBe("completed");
    await waitForWebhooks(tag, 1);
    const delivered = () => shardDb(1).prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ? AND status = 'succeeded'").bind(hook.id).first<{ n: number }>();
    await expect.poll(async () => (await delivered())!.n, { timeout: 5000 }).toBe(1);
    for (const other of [neighbour, resident]) {
      const res = await call("/api/v1/reports", { key: other.key, form: { url: page() } });
      await waitForReport(other.key, res.json.data.id);
    }

    const reads = ["/api/v1/reports", `/api/v1/reports/${reportId}`, `/api/v1/reports/${reportId}/history`, "/api/v1/projects", `/api/v1/crawls/${crawlId}`, `/api/v1/crawls/${crawlId}/pages`, "/api/v1/webhooks", `/api/v1/webhooks/${hook.id}/deliveries`];
    const before = await Promise.all(reads.map(async (path) => (await call(path, { key: mover.key })).json));
    const moverRows = await countRows(shardDb(1), mover.accountId);
    expect(moverRows).toMatchObject({ accounts: 1, webhooks: 1, webhook_deliveries: 1, crawls: 1, crawl_pages: 3 });
    for (const table of ["reports", "report_history", "projects"]) expect(moverRows[table]).toBeGreaterThan(0);
    const others = { neighbour: await countRows(shardDb(1), neighbour.accountId), resident: await countRows(shardDb(2), resident.accountId) };

    const result = await move(mover.accountId, 1, 2);
    expect(result.rows).toEqual(moverRows);

    expect(await env.DB.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(mover.accountId).first()).toEqual({ shard: 2, moving_since: null });
    expect(await countRows(shardDb(2), mover.accountId)).toEqual(moverRows);
    expect(await countRows(shardDb(1), mover.accountId)).toEqual(none);
    // No table of the old shard keeps a row naming the account, whether the move knows the table or not.
    expect(Object.values(await accountIdRows(shardDb(1), mover.accountId)).every((n) => n === 0)).toBe(true);
    expect(await countRows(shardDb(1), neighbour.accountId)).toEqual(others.neighbour);
    expect(await countRows(shardDb(2), resident.accountId)).toEqual(others.resident);
    expect(await countRows(shardDb(2), neighbour.accountId)).toEqual(none);

    // The same answers from the new shard, with the same ids; new rows take the new shard's ids.
    const after = await Promise.all(reads.map(async (path) => (await call(path, { key: mover.key })).json));
    expect(after).toEqual(before);
    for (const path of [`/reports/${reportId}`, `/crawls/${crawlId}`]) {
      const shown = await call(path, { key: null, headers: { Accept: "text/html" } });
      expect(shown.status).toBe(200);
    }
    const next = await call("/api/v1/reports", { key: mover.key, form: { url: `${page()}?after-move` } });
    expect(next.status).toBe(201);
    expect(shardOfId(next.json.data.id)).toBe(2);
    await waitForReport(mover.key, next.json.data.id);
    // Another account's key does not reach the moved rows on their new shard.
    expect((await call(`/api/v1/reports/${reportId}`, { key: resident.key })).status).toBe(404);
  });

  it("under concurrent writes: each write lands before the move and moves, or is refused with 503 + Retry-After; nothing lost or doubled", async () => {
    const busy = await createCallerOn(0, "busy");
    const first = await call("/api/v1/reports", { key: busy.key, form: { url: page() } });
    expect(first.status).toBe(201);
    let moving = true;
    const answers: { status: number; id?: number; retryAfter: string | null }[] = [];
    const writer = (async () => {
      for (let i = 0; moving; i++) {
        const res = await call("/api/v1/reports", { key: busy.key, form: { url: `${page()}?write=${i}` } });
        answers.push({ status: res.status, id: res.json?.data?.id, retryAfter: res.headers.get("retry-after") });
        // A pause between writes: the queue's consumer, in this isolate too, must get to the accepted reports.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const result = await move(busy.accountId, 0, 1).finally(() => (moving = false));
    await writer;

    const accepted = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const refused = answers.filter((a) => a.status === 503);
    expect(accepted.length + refused.length).toBe(answers.length);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.retryAfter).toBe("120");
    // Every accepted write was made before the copy and moved with the account: on shard 1 once, on shard 0 never.
    const ids = [first.json.data.id, ...accepted];
    expect(new Set(ids).size).toBe(ids.length);
    const onShard = async (k: number) => (await shardDb(k).prepare("SELECT id FROM reports WHERE account_id = ? ORDER BY id").bind(busy.accountId).all<{ id: number }>()).results.map((r) => r.id);
    expect(await onShard(1)).toEqual([...ids].sort((a, b) => a - b));
    expect(await onShard(0)).toEqual([]);
    // Those made before the switch were moved (their ids are shard 0's); those after it were made on shard 1 itself.
    expect(result.rows.reports).toBe(ids.filter((id) => shardOfId(id) === 0).length);
    // The directory's own row of the account (shard 0 is the directory here) stays, pointing at shard 1.
    expect(await env.DB.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(busy.accountId).first()).toEqual({ shard: 1, moving_since: null });
    const later = await call("/api/v1/reports", { key: busy.key, form: { url: `${page()}?later` } });
    expect(later.status).toBe(201);
    expect(shardOfId(later.json.data.id)).toBe(1);
    await waitForReport(busy.key, later.json.data.id);
    expect((await call(`/reports/${first.json.data.id}`, { key: null, headers: { Accept: "text/html" } })).status).toBe(200);
  });

  it("that fails its verification changes nothing: the copy is deleted, the account stays and takes writes again", async () => {
    const failing = await createCallerOn(1, "failing");
    const made = await call("/api/v1/reports", { key: failing.key, form: { url: page() } });
    await waitForReport(failing.key, made.json.data.id);
    const rows = await countRows(shardDb(1), failing.accountId);
    // A stray row of the account written on the target between the copy and the check: the counts differ.
    const stray = () => shardDb(2).prepare("INSERT INTO projects (account_id, name) VALUES (?, 'stray')").bind(failing.accountId).run().then(() => undefined);
    await expect(move(failing.accountId, 1, 2, { afterCopy: stray })).rejects.toThrow(/counts differ after the copy: projects 1 → 2/);
    expect(await env.DB.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(failing.accountId).first()).toEqual({ shard: 1, moving_since: null });
    expect(await countRows(shardDb(1), failing.accountId)).toEqual(rows);
    expect(await countRows(shardDb(2), failing.accountId)).toEqual(none);
    await expect.poll(async () => (await call("/api/v1/reports", { key: failing.key, form: { url: `${page()}?again` } })).status, { timeout: 5000, interval: 500 }).toBe(201);
  });

  it("is refused, with nothing changed, to a shard below the ids the account holds", async () => {
    const high = await createCallerOn(2, "high");
    const made = await call("/api/v1/reports", { key: high.key, form: { url: page() } });
    await waitForReport(high.key, made.json.data.id);
    const rows = await countRows(shardDb(2), high.accountId);
    await expect(move(high.accountId, 2, 1)).rejects.toThrow(MoveRefused);
    await expect(move(high.accountId, 2, 1)).rejects.toThrow(/only to a shard numbered 2 or above/);
    expect(await env.DB.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(high.accountId).first()).toEqual({ shard: 2, moving_since: null });
    expect(await countRows(shardDb(2), high.accountId)).toEqual(rows);
    expect(await countRows(shardDb(1), high.accountId)).toEqual(none);
  });
});
