/*
 * A move of one account as a resumable job inside the Worker (docs/operations.md "Moving one account"): its state is
 * an `account_moves` row of the directory, and each step does bounded work (one batch) and records where it stands,
 * so a step that dies (isolate killed, D1 error) is simply run again. The cron advances every open move within
 * MOVE_STEP_SECONDS; the waits (every isolate seeing the mark, the work in flight ending, isolates done reading the old
 * rows) are phases with a timestamp, not sleeps. The steps are src/db/move-account.ts's: one logic, two drivers.
 */
import { checkMove, copyBatch, deleteBatch, MOVED_TABLES, MoveRefused, verify, workInFlight } from "./move-account";

export type MovePhase = "requested" | "waiting" | "quiet" | "copying" | "verifying" | "switched" | "deleting" | "rollback" | "done" | "failed";

export interface MoveRow {
  id: number;
  account_id: number;
  from_shard: number;
  to_shard: number;
  phase: MovePhase;
  table_index: number;
  last_id: number;
  rows_copied: number;
  rows_deleted: number;
  moving_since: string;
  phase_since: string;
  switched_at: string | null;
  abort_requested: number;
  error: string | null;
  started_at: string;
  updated_at: string;
}

export interface MoveJobSettings {
  /** DIRECTORY_CACHE_SECONDS: how long an isolate may still see the account where and as it was. */
  cacheSeconds: number;
  batchRows?: number;
  graceMs?: number;
  /** How long the account's work in flight may keep the move waiting before it is rolled back. */
  quietSeconds?: number;
}

export interface MoveDatabases {
  directory: D1Database;
  /** The database of a shard, or undefined when the Worker binds none of that number. */
  shard: (k: number) => D1Database | undefined;
}

const OPEN = "phase NOT IN ('done', 'failed')";

/** An account id for SQL that binds no parameters (`wrangler d1 execute`): a checked whole number. */
function wholeAccountId(accountId: number): number {
  if (!Number.isSafeInteger(accountId) || accountId < 1) throw new Error("an account id is a whole number");
  return accountId;
}

/**
 * The SQL that asks for a move: a `requested` row, unless the account has an open move. `npm run account -- move
 * --remote` runs it through `wrangler d1 execute` (no bound parameters there: the numbers are checked integers), and
 * startMove here; the job's first step checks it and marks the account, or refuses it (phase failed, error "refused").
 * It answers the new row, or no row when refused (wrangler's local answers carry no `changes`).
 */
export function requestMoveSql(accountId: number, toShard: number, at: string): string {
  if (!Number.isSafeInteger(toShard) || toShard < 0) throw new Error("a shard is a whole number");
  if (!/^[0-9TZ:.-]+$/.test(at)) throw new Error("a time is an ISO timestamp");
  const id = wholeAccountId(accountId);
  return (
    `INSERT INTO account_moves (account_id, from_shard, to_shard, phase, moving_since, phase_since) ` +
    `SELECT id, shard, ${toShard}, 'requested', '${at}', '${at}' FROM accounts WHERE id = ${id} ` +
    `AND NOT EXISTS (SELECT 1 FROM account_moves WHERE account_id = ${id} AND ${OPEN}) RETURNING *`
  );
}

/** The SQL that asks the account's open move to roll back (requestAbort; the command's `--abort`): the row's id, or none. */
export const abortMoveSql = (accountId: number) =>
  `UPDATE account_moves SET abort_requested = 1 WHERE account_id = ${wholeAccountId(accountId)} AND ${OPEN} RETURNING id`;

/** The SQL of the account's latest move (moveOf; the command's `--status` and `--wait`). */
export const latestMoveSql = (accountId: number) => `SELECT * FROM account_moves WHERE account_id = ${wholeAccountId(accountId)} ORDER BY id DESC LIMIT 1`;

/**
 * Starts a move now: requests it, then runs its first step, which refuses what moveAccount refuses (MoveRefused,
 * the row failed and nothing else written) or marks the account moving (its writes answer 503). Answers the row.
 */
export async function startMove(dbs: MoveDatabases, accountId: number, toShard: number, settings: MoveJobSettings = { cacheSeconds: 0 }): Promise<MoveRow> {
  const { results } = await dbs.directory.prepare(requestMoveSql(accountId, toShard, new Date().toISOString())).all<MoveRow>();
  if (results.length !== 1) {
    const open = await dbs.directory.prepare(`SELECT id FROM account_moves WHERE account_id = ?1 AND ${OPEN}`).bind(accountId).first<{ id: number }>();
    throw new MoveRefused(open ? `account ${accountId} is being moved already (move ${open.id})` : `no account ${accountId} in the directory`);
  }
  const move = await step(dbs, results[0]!, settings);
  if (move!.phase === "failed") throw new MoveRefused(move!.error!.replace(/^refused: /, ""));
  return move!;
}

/**
 * The `requested` step: the move's checks, then the mark (writes refused from here) and the wait's start. Two runners
 * may take the same request (startMove and a cron tick): the mark is conditional on the request still being open, so
 * only one marks, and the other answers the row as the first left it.
 */
async function markMove(dbs: MoveDatabases, move: MoveRow): Promise<MoveRow> {
  const { directory } = dbs;
  const fromDb = dbs.shard(move.from_shard);
  const toDb = dbs.shard(move.to_shard);
  try {
    if (!fromDb) throw new MoveRefused(`account ${move.account_id} is on shard ${move.from_shard}, which this Worker does not bind`);
    if (!toDb) throw new MoveRefused(`no shard ${move.to_shard}: this Worker does not bind it`);
    await checkMove(directory, move.account_id, { shard: move.from_shard, db: fromDb }, { shard: move.to_shard, db: toDb });
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    return closeRequest(directory, move, `refused: ${error.message}`);
  }
  const at = new Date().toISOString();
  const [marked] = await directory.batch([
    directory
      .prepare(
        "UPDATE accounts SET moving_since = ?1 WHERE id = ?2 AND shard = ?3 AND moving_since IS NULL AND EXISTS (SELECT 1 FROM account_moves WHERE id = ?4 AND phase = 'requested')",
      )
      .bind(at, move.account_id, move.from_shard, move.id),
    directory.prepare("UPDATE account_moves SET phase = 'waiting', moving_since = ?2, phase_since = ?2, updated_at = ?2 WHERE id = ?1 AND changes() = 1").bind(move.id, at),
  ]);
  if (marked!.meta.changes !== 1) return closeRequest(directory, move, `refused: account ${move.account_id} changed while the move started`);
  return { ...move, phase: "waiting", moving_since: at, phase_since: at, updated_at: at };
}

/** Ends a request that is still `requested` as failed with `error` (nothing else was written); answers the row as it is. */
async function closeRequest(directory: D1Database, move: MoveRow, error: string): Promise<MoveRow> {
  await directory
    .prepare("UPDATE account_moves SET phase = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND phase = 'requested'")
    .bind(move.id, error, new Date().toISOString())
    .run();
  return (await directory.prepare("SELECT * FROM account_moves WHERE id = ?").bind(move.id).first<MoveRow>())!;
}

/** Asks an open move to roll back; honoured at its next step unless the directory has switched already. */
export async function requestAbort(directory: D1Database, accountId: number): Promise<boolean> {
  const { results } = await directory.prepare(abortMoveSql(accountId)).all();
  return results.length > 0;
}

export const moveOf = (directory: D1Database, accountId: number) => directory.prepare(latestMoveSql(accountId)).first<MoveRow>();

/** Advances every open move until it waits, ends, or the deadline (ms since the epoch) passes. */
export async function advanceMoves(dbs: MoveDatabases, settings: MoveJobSettings, deadline: number): Promise<void> {
  const { results } = await dbs.directory.prepare(`SELECT * FROM account_moves WHERE ${OPEN} ORDER BY id`).all<MoveRow>();
  for (const move of results) {
    if (Date.now() >= deadline) return;
    await advanceMove(dbs, move, settings, deadline);
  }
}

/** Runs steps of one move until it waits, ends, or the deadline passes. Answers the row as it was left. */
export async function advanceMove(dbs: MoveDatabases, move: MoveRow, settings: MoveJobSettings, deadline: number): Promise<MoveRow> {
  let current = move;
  while (Date.now() < deadline && current.phase !== "done" && current.phase !== "failed") {
    const next = await stepOrRollBack(dbs, current, settings);
    if (!next) return current; // waiting for time to pass
    current = next;
  }
  return current;
}

/** One step; an error before the switch turns the move to rolling back (recorded), after it the step is retried. */
async function stepOrRollBack(dbs: MoveDatabases, move: MoveRow, settings: MoveJobSettings): Promise<MoveRow | null> {
  try {
    return await step(dbs, move, settings);
  } catch (error) {
    const message = (error as Error).message;
    if (["requested", "switched", "deleting", "rollback"].includes(move.phase)) {
      // Past the switch (or undoing): nothing to decide, the next tick runs the same step again.
      await save(dbs.directory, move, { error: message });
      throw error;
    }
    return save(dbs.directory, move, { phase: "rollback", error: message, table_index: 0, last_id: 0 });
  }
}

/** Writes the given fields of the move's row (and its updated_at); answers the row as written. */
async function save(directory: D1Database, move: MoveRow, changes: Partial<MoveRow>): Promise<MoveRow> {
  const next = { ...move, ...changes, updated_at: new Date().toISOString() };
  const fields = Object.keys(changes).concat("updated_at") as (keyof MoveRow)[];
  await directory
    .prepare(`UPDATE account_moves SET ${fields.map((f, i) => `${f} = ?${i + 2}`).join(", ")} WHERE id = ?1`)
    .bind(move.id, ...fields.map((f) => next[f]))
    .run();
  return next;
}

const since = (at: string) => Date.now() - Date.parse(at);

/** One bounded step of a move; null while it waits for time to pass. */
async function step(dbs: MoveDatabases, move: MoveRow, settings: MoveJobSettings): Promise<MoveRow | null> {
  const { directory } = dbs;
  const batchRows = settings.batchRows ?? 100;
  const graceMs = settings.graceMs ?? 2000;
  const cacheMs = settings.cacheSeconds * 1000 + graceMs;
  const from = dbs.shard(move.from_shard);
  const to = dbs.shard(move.to_shard);
  if (move.phase === "requested") return move.abort_requested ? closeRequest(directory, move, "aborted by the operator") : markMove(dbs, move);
  if (!from || !to) throw new Error(`shard ${from ? move.to_shard : move.from_shard} is not bound`);
  const targetIsDirectory = to === directory;
  const now = () => new Date().toISOString();
  const beforeSwitch = ["waiting", "quiet", "copying", "verifying"].includes(move.phase);
  if (beforeSwitch && move.abort_requested) return save(directory, move, { phase: "rollback", error: "aborted by the operator", table_index: 0, last_id: 0 });
  switch (move.phase) {
    case "waiting":
      // Every isolate sees the mark within the directory cache's seconds: no new write starts past them.
      if (since(move.moving_since) < cacheMs) return null;
      return save(directory, move, { phase: "quiet", phase_since: now() });
    case "quiet": {
      const busy = await workInFlight(from, move.account_id);
      if (busy.length === 0) return save(directory, move, { phase: "copying", table_index: 0, last_id: 0, phase_since: now() });
      if (since(move.phase_since) >= (settings.quietSeconds ?? 300) * 1000) throw new Error(`work still in flight after ${settings.quietSeconds ?? 300} s: ${busy.join(", ")}`);
      return null;
    }
    case "copying": {
      const moved = MOVED_TABLES[move.table_index];
      if (!moved) return save(directory, move, { phase: "verifying" });
      const batch = await copyBatch(moved, { accountId: move.account_id, from, to: { shard: move.to_shard, db: to }, batchRows, targetIsDirectory }, move.last_id);
      const copied = move.rows_copied + batch.copied;
      if (batch.copied < batchRows) return save(directory, move, { table_index: move.table_index + 1, last_id: 0, rows_copied: copied });
      return save(directory, move, { last_id: batch.last, rows_copied: copied });
    }
    case "verifying": {
      await verify({ accountId: move.account_id, from: { shard: move.from_shard, db: from }, to: { shard: move.to_shard, db: to } }, targetIsDirectory);
      const at = now();
      // The switch and the phase in one batch of the directory: a step dying here leaves both or neither.
      const [switched] = await directory.batch([
        directory.prepare("UPDATE accounts SET shard = ?1, moving_since = NULL WHERE id = ?2 AND moving_since = ?3").bind(move.to_shard, move.account_id, move.moving_since),
        directory.prepare("UPDATE account_moves SET phase = 'switched', phase_since = ?2, switched_at = ?2, updated_at = ?2 WHERE id = ?1 AND changes() = 1").bind(move.id, at),
      ]);
      if (switched!.meta.changes !== 1) throw new Error(`the directory row of account ${move.account_id} changed during the move`);
      return { ...move, phase: "switched", phase_since: at, switched_at: at, updated_at: at };
    }
    case "switched":
      // Isolates may still read the old rows for the cache's seconds.
      if (since(move.phase_since) < cacheMs) return null;
      return save(directory, move, { phase: "deleting" });
    case "deleting": {
      const deleted = await deleteBatch(from, move.account_id, batchRows, from === directory);
      if (deleted === 0) return save(directory, move, { phase: "done", error: null });
      return save(directory, move, { rows_deleted: move.rows_deleted + deleted });
    }
    case "rollback": {
      // Undo before the switch: the partial copy goes, then the mark; the account is where it was.
      const deleted = await deleteBatch(to, move.account_id, batchRows, targetIsDirectory);
      if (deleted > 0) return save(directory, move, { rows_deleted: move.rows_deleted + deleted });
      await directory.prepare("UPDATE accounts SET moving_since = NULL WHERE id = ?1 AND moving_since = ?2").bind(move.account_id, move.moving_since).run();
      return save(directory, move, { phase: "failed" });
    }
    default:
      return null;
  }
}
