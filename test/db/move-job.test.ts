import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { config } from "../../src/config";
import { copyBatch, countRows, MOVED_TABLES, MoveRefused } from "../../src/db/move-account";
import { advanceMove, moveOf, requestAbort, requestMoveSql, startMove, type MoveJobSettings, type MovePhase } from "../../src/db/move-job";
import { shardDatabase, shardOfId } from "../../src/db/shards";
import { call } from "../helpers/api";
import { createCallerOn, shardDb } from "../helpers/shards";
import { waitForReport } from "../helpers/wait-report";

// The "shards" project: three shards, DIRECTORY_CACHE_SECONDS 1, so the job's waits are ~3 s each.
const dbs = { directory: env.DB, shard: (k: number) => shardDatabase(env, k) };
const page = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;
const none = Object.fromEntries(MOVED_TABLES.map((t) => [t.table, 0]));
const placeOf = (accountId: number) => env.DB.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(accountId).first();

/** One cron tick through the Worker's own scheduled handler. */
async function tick() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Cron ticks, half a second apart, until the account's move reaches one of `phases`. */
async function ticksUntil(accountId: number, phases: MovePhase[], timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    await tick();
    const move = await moveOf(env.DB, accountId);
    if (phases.includes(move!.phase)) return move!;
    if (Date.now() > until) throw new Error(`move of ${accountId} still ${move!.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The job's own steps, one at a time (a deadline that lets one step run), until the move reaches `phase`: a tick
 * runs many steps within MOVE_STEP_SECONDS, too many to stop between two of them.
 */
async function stepsUntil(accountId: number, phase: MovePhase, settings: MoveJobSettings = { cacheSeconds: config(env).directoryCacheSeconds }) {
  const until = Date.now() + 30_000;
  let move = (await moveOf(env.DB, accountId))!;
  while (move.phase !== phase) {
    const before = move.updated_at;
    move = await advanceMove(dbs, move, settings, Date.now() + 1);
    if (move.updated_at === before) await new Promise((resolve) => setTimeout(resolve, 300));
    if (Date.now() > until || move.phase === "failed" || move.phase === "done") throw new Error(`move of ${accountId} ${move.phase}, not ${phase}`);
  }
  return move;
}

/** An account on `shard` with `n` completed reports. */
async function accountWithReports(shard: number, name: string, n: number) {
  const caller = await createCallerOn(shard, name);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const made = await call("/api/v1/reports", { key: caller.key, form: { url: `${page()}?r=${i}` } });
    expect(made.status).toBe(201);
    ids.push(made.json.data.id);
  }
  for (const id of ids) expect((await waitForReport(caller.key, id)).status).toBe("completed");
  return { ...caller, ids };
}

describe("a move run by the Worker's cron as a job", () => {
  it("goes from its row to done through ticks alone: writes answer 503 + Retry-After meanwhile, reads 200; the rows end on the target", async () => {
    const mover = await accountWithReports(1, "job-mover", 3);
    const rows = await countRows(shardDb(1), mover.accountId);
    await startMove(dbs, mover.accountId, 2);
    await expect(startMove(dbs, mover.accountId, 2)).rejects.toThrow(MoveRefused);

    // Once every isolate has seen the mark (DIRECTORY_CACHE_SECONDS), writes are refused and reads served.
    await expect
      .poll(async () => (await call("/api/v1/reports", { key: mover.key, form: { url: `${page()}?during` } })).status, { timeout: 5000, interval: 300 })
      .toBe(503);
    const refused = await call("/api/v1/reports", { key: mover.key, form: { url: `${page()}?during` } });
    if (refused.status === 503) expect(refused.headers.get("retry-after")).toBe("120");
    expect((await call(`/api/v1/reports/${mover.ids[0]}`, { key: mover.key })).status).toBe(200);

    const done = await ticksUntil(mover.accountId, ["done", "failed"]);
    expect(await placeOf(mover.accountId)).toEqual({ shard: 2, moving_since: null });
    // The writes accepted before an isolate saw the mark moved too: what the job copied is what the target holds.
    const moved = await countRows(shardDb(2), mover.accountId);
    expect(done).toMatchObject({ phase: "done", error: null, rows_copied: Object.values(moved).reduce((a, b) => a + b, 0) });
    expect(moved.reports).toBeGreaterThanOrEqual(rows.reports!);
    const onTarget = await shardDb(2).prepare("SELECT id FROM reports WHERE account_id = ? ORDER BY id").bind(mover.accountId).all<{ id: number }>();
    expect(onTarget.results.map((r) => r.id).slice(0, 3)).toEqual(mover.ids);
    expect(await countRows(shardDb(1), mover.accountId)).toEqual(none);
    expect((await call(`/reports/${mover.ids[0]}`, { key: null, headers: { Accept: "text/html" } })).status).toBe(200);
    await expect.poll(async () => (await call(`/api/v1/reports/${mover.ids[1]}`, { key: mover.key })).status, { timeout: 5000 }).toBe(200);
    const next = await call("/api/v1/reports", { key: mover.key, form: { url: `${page()}?after` } });
    expect(next.status).toBe(201);
    expect(shardOfId(next.json.data.id)).toBe(2);
  });

  it("resumes a step that died half-way: a batch written twice and a later tick end with nothing lost or doubled", async () => {
    const mover = await accountWithReports(1, "job-resume", 5);
    const rows = await countRows(shardDb(1), mover.accountId);
    await startMove(dbs, mover.accountId, 2);
    // One bounded step of 2 rows at a time, then the process "dies": its next batch is written on the target but
    // never recorded in the move's row, as when an isolate is killed between the two.
    const settings = { cacheSeconds: config(env).directoryCacheSeconds, batchRows: 2 };
    let move = await stepsUntil(mover.accountId, "copying", settings);
    while (move.table_index < MOVED_TABLES.findIndex((t) => t.table === "reports")) move = await advanceMove(dbs, move, settings, Date.now() + 1);
    move = await advanceMove(dbs, move, settings, Date.now() + 1);
    expect(move).toMatchObject({ phase: "copying", last_id: mover.ids[1] });
    const reports = MOVED_TABLES.find((t) => t.table === "reports")!;
    const unrecorded = await copyBatch(reports, { accountId: mover.accountId, from: shardDb(1), to: { shard: 2, db: shardDb(2) }, batchRows: 2, targetIsDirectory: false }, move.last_id);
    expect(unrecorded.copied).toBe(2);
    // The cron picks the move up where its row says, writes that batch again, and finishes.
    const done = await ticksUntil(mover.accountId, ["done", "failed"]);
    expect(done.phase).toBe("done");
    expect(await countRows(shardDb(2), mover.accountId)).toEqual(rows);
    const onTarget = await shardDb(2).prepare("SELECT id FROM reports WHERE account_id = ? ORDER BY id").bind(mover.accountId).all<{ id: number }>();
    expect(onTarget.results.map((r) => r.id)).toEqual(mover.ids);
    expect(await countRows(shardDb(1), mover.accountId)).toEqual(none);
  });

  it("aborted before the switch leaves the account where it was, with all its rows and nothing on the target", async () => {
    const stays = await accountWithReports(1, "job-abort", 2);
    const rows = await countRows(shardDb(1), stays.accountId);
    await startMove(dbs, stays.accountId, 2);
    await stepsUntil(stays.accountId, "copying");
    expect(await requestAbort(env.DB, stays.accountId)).toBe(true);
    const ended = await ticksUntil(stays.accountId, ["done", "failed"]);
    expect(ended).toMatchObject({ phase: "failed", error: "aborted by the operator" });
    expect(await placeOf(stays.accountId)).toEqual({ shard: 1, moving_since: null });
    expect(await countRows(shardDb(1), stays.accountId)).toEqual(rows);
    expect(await countRows(shardDb(2), stays.accountId)).toEqual(none);
    await expect.poll(async () => (await call("/api/v1/reports", { key: stays.key, form: { url: `${page()}?again` } })).status, { timeout: 5000, interval: 500 }).toBe(201);
  });

  it("whose counts differ at the verification rolls back: the copy goes, the account stays and takes writes again", async () => {
    const failing = await accountWithReports(1, "job-fail", 1);
    const rows = await countRows(shardDb(1), failing.accountId);
    await startMove(dbs, failing.accountId, 2);
    const settings = { cacheSeconds: config(env).directoryCacheSeconds };
    let move = await stepsUntil(failing.accountId, "copying", settings);
    while (move.table_index <= MOVED_TABLES.findIndex((t) => t.table === "projects")) move = await advanceMove(dbs, move, settings, Date.now() + 1);
    // A row of the account written behind the move's back (on the source, once its table is copied): the counts differ.
    await shardDb(1).prepare("INSERT INTO projects (account_id, name) VALUES (?, 'behind')").bind(failing.accountId).run();
    const ended = await ticksUntil(failing.accountId, ["done", "failed"]);
    expect(ended.phase).toBe("failed");
    expect(ended.error).toMatch(/counts differ after the copy/);
    expect(await placeOf(failing.accountId)).toEqual({ shard: 1, moving_since: null });
    expect(await countRows(shardDb(1), failing.accountId)).toEqual({ ...rows, projects: rows.projects! + 1 });
    expect(await countRows(shardDb(2), failing.accountId)).toEqual(none);
  });

  it("a request taken by two runners at once (the command's start and a cron tick) is marked once, and moves", async () => {
    const mover = await accountWithReports(1, "job-twice", 1);
    const rows = await countRows(shardDb(1), mover.accountId);
    // What `npm run account -- move --job` writes through wrangler (test/operations/account-move.test.ts runs that).
    const { results } = await env.DB.prepare(requestMoveSql(mover.accountId, 2, new Date().toISOString())).all();
    expect(results).toHaveLength(1);
    expect((await env.DB.prepare(requestMoveSql(mover.accountId, 2, new Date().toISOString())).all()).results).toHaveLength(0);
    const requested = (await moveOf(env.DB, mover.accountId))!;
    expect(requested.phase).toBe("requested");
    const settings = { cacheSeconds: config(env).directoryCacheSeconds };
    const [one, other] = await Promise.all([advanceMove(dbs, requested, settings, Date.now() + 1), advanceMove(dbs, requested, settings, Date.now() + 1)]);
    expect([one.phase, other.phase].sort()).toEqual(["waiting", "waiting"]);
    expect((await placeOf(mover.accountId))!.moving_since).toBe(one.moving_since);
    const done = await ticksUntil(mover.accountId, ["done", "failed"]);
    expect(done).toMatchObject({ phase: "done", error: null });
    expect(await countRows(shardDb(2), mover.accountId)).toEqual(rows);
  });

  it("a request the checks refuse ends failed with the reason and marks nothing", async () => {
    const stays = await accountWithReports(2, "job-refused", 1);
    await env.DB.prepare(requestMoveSql(stays.accountId, 1, new Date().toISOString())).run();
    const ended = await ticksUntil(stays.accountId, ["done", "failed"]);
    expect(ended.phase).toBe("failed");
    expect(ended.error).toMatch(/^refused: /);
    expect(await placeOf(stays.accountId)).toEqual({ shard: 2, moving_since: null });
    expect(() => requestMoveSql(1.5, 2, "2026-01-01T00:00:00.000Z")).toThrow();
    expect(() => requestMoveSql(1, 2, "2026'; DROP TABLE accounts; --")).toThrow();
  });
});
