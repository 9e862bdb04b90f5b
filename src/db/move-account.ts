/*
 * Moving one account to another shard (docs/operations.md "Moving one account"): mark it moving in the directory
 * (its API writes answer 503), wait until every isolate has seen that and its work in flight has ended, copy its rows
 * table by table in id order and bounded batches, verify the counts, switch the directory row, then delete the old
 * rows in bounded batches. A failure before the switch deletes the partial copy and clears `moving`: nothing changed.
 * Plain functions over D1Database handles: `npm run account -- move` drives them against wrangler's databases, the
 * tests against the Worker's own bindings.
 */
import { SHARD_ID_SPAN, SHARD_NUMBERED_TABLES, shardOfId } from "./shards";

/** Whose rows a table holds: the account's own (`account_id`), or a parent's of the account (`column` → parent.id). */
type Owner = { kind: "self" } | { kind: "account" } | { kind: "parent"; parent: string; column: string };

export interface MovedTable {
  table: string;
  owner: Owner;
}

const account: Owner = { kind: "account" };
const childOf = (parent: string, column: string): Owner => ({ kind: "parent", parent, column });

/**
 * Every table with rows of an account, parents before children (the copy's order; the deletes run backwards).
 * test/db/move-account.test.ts fails when a table of src/db/schema.ts is neither here nor in NOT_MOVED_TABLES.
 */
export const MOVED_TABLES: readonly MovedTable[] = [
  // The shard's own copy of the account's row: its rows' foreign keys need it, and its quotas are read there.
  { table: "accounts", owner: { kind: "self" } },
  { table: "account_usage", owner: account },
  { table: "projects", owner: account },
  { table: "project_watches", owner: account },
  { table: "reports", owner: account },
  { table: "report_history", owner: childOf("reports", "report_id") },
  { table: "unlock_attempts", owner: childOf("reports", "report_id") },
  { table: "changes", owner: account },
  { table: "webhooks", owner: account },
  { table: "webhook_deliveries", owner: childOf("webhooks", "webhook_id") },
  { table: "crawls", owner: account },
  { table: "crawl_pages", owner: childOf("crawls", "crawl_id") },
  { table: "crawl_links", owner: childOf("crawls", "crawl_id") },
  { table: "crawl_page_failures", owner: childOf("crawls", "crawl_id") },
];

/** The schema's other tables, and why an account's move leaves them where they are. */
export const NOT_MOVED_TABLES: Record<string, string> = {
  api_keys: "the directory's: keys name the account, which the directory maps to its shard",
  analysis_host_slots: "analyses running now; the move waits until the account has none",
  analysis_host_waits: "per-host waits of the last seconds, per shard; they expire",
  analysis_host_probes: "per host, per shard; they expire",
  analysis_slow_urls: "per URL, no account",
  analysis_host_answers: "per host, no account",
  crux_records: "a cache of the Chrome UX Report, no account",
  crux_queries: "the CrUX API's pace, no account",
  account_moves: "the directory's: the moves themselves (src/db/move-job.ts)",
};

export interface MoveOptions {
  accountId: number;
  /** The directory (`DIRECTORY`, or `DB` when it is both). */
  directory: D1Database;
  from: { shard: number; db: D1Database };
  to: { shard: number; db: D1Database };
  /** DIRECTORY_CACHE_SECONDS: how long an isolate may still see the account where and as it was. */
  cacheSeconds: number;
  /** Rows read (and written, in one atomic batch) at a time; each INSERT binds at most MAX_BOUND_PARAMETERS. */
  batchRows?: number;
  /** Past the cache's seconds: a request that read the directory just before its answer expired has ended. */
  graceMs?: number;
  /** How long to wait for the account's analyses, crawls and deliveries in flight to end before giving up. */
  quietSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** Called after the copy, before the verification (tests put a stray row there to see a failed move). */
  afterCopy?: () => Promise<void>;
}

export interface MoveResult {
  accountId: number;
  from: number;
  to: number;
  /** Rows copied per table. */
  rows: Record<string, number>;
  totalRows: number;
  /** Milliseconds: the whole move; the copy; the writes refused (marked moving to the switch). */
  totalMs: number;
  copyMs: number;
  refusedMs: number;
  deleteMs: number;
}

/** D1's limit of bound parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The SQL condition selecting the account's rows of a table (its one parameter: the account's id). */
export function ownedBy(moved: MovedTable): string {
  const { owner } = moved;
  if (owner.kind === "self") return "id = ?1";
  if (owner.kind === "account") return "account_id = ?1";
  return `${owner.column} IN (SELECT id FROM ${owner.parent} WHERE account_id = ?1)`;
}

/** The account's rows of every moved table in one database (one statement each, in one batch). */
export async function countRows(db: D1Database, accountId: number, tables: readonly MovedTable[] = MOVED_TABLES): Promise<Record<string, number>> {
  const answers = await db.batch<{ n: number }>(tables.map((t) => db.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE ${ownedBy(t)}`).bind(accountId)));
  return Object.fromEntries(tables.map((t, i) => [t.table, answers[i]!.results[0]!.n]));
}

/** What keeps the account busy on its shard: analyses, crawls and webhook deliveries not yet ended. */
export async function workInFlight(db: D1Database, accountId: number): Promise<string[]> {
  const row = await db
    .prepare(
      `SELECT
        (SELECT count(*) FROM reports WHERE account_id = ?1 AND status IN ('queued', 'processing')) AS reports,
        (SELECT count(*) FROM crawls WHERE account_id = ?1 AND status IN ('discovering', 'running')) AS crawls,
        (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND webhook_id IN (SELECT id FROM webhooks WHERE account_id = ?1)) AS deliveries`,
    )
    .bind(accountId)
    .first<{ reports: number; crawls: number; deliveries: number }>();
  return Object.entries(row ?? {})
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
}

// Values as D1 answers them, bound back as they were stored: a BLOB comes back as an array of bytes.
const bindable = (value: unknown) => (Array.isArray(value) ? new Uint8Array(value as number[]) : value);

/**
 * INSERT statements for rows of one table, each binding at most MAX_BOUND_PARAMETERS values. Rows keep their ids and
 * a row already there is left alone (OR IGNORE): a batch written twice, by a step that died before it recorded its
 * progress (src/db/move-job.ts), adds nothing; the counts verified before the switch catch anything else.
 */
function insertsOf(db: D1Database, table: string, rows: Record<string, unknown>[], upsert: boolean): D1PreparedStatement[] {
  const columns = Object.keys(rows[0]!).filter((c) => c !== "__rowid");
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns.length));
  // The directory's own accounts row when the target is the directory too: its place and mark stay as they are.
  const conflict = upsert
    ? ` ON CONFLICT(id) DO UPDATE SET ${columns.filter((c) => !["id", "shard", "moving_since"].includes(c)).map((c) => `"${c}" = excluded."${c}"`).join(", ")}`
    : "";
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const part = rows.slice(i, i + perStatement);
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    statements.push(
      db
        .prepare(`INSERT ${upsert ? "" : "OR IGNORE "}INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${part.map(() => tuple).join(", ")}${conflict}`)
        .bind(...part.flatMap((row) => columns.map((c) => bindable(row[c])))),
    );
  }
  return statements;
}

/**
 * Copies one batch of the account's rows of one table, those with a rowid (id) above `after`, in one atomic write.
 * Answers how many rows it copied and the last rowid: fewer than `batchRows` means the table is done.
 */
export async function copyBatch(
  moved: MovedTable,
  at: { accountId: number; from: D1Database; to: { shard: number; db: D1Database }; batchRows: number; targetIsDirectory: boolean },
  after: number,
): Promise<{ copied: number; last: number }> {
  const { from, to, accountId, batchRows, targetIsDirectory } = at;
  const { results } = await from
    .prepare(`SELECT rowid AS __rowid, * FROM ${moved.table} WHERE ${ownedBy(moved)} AND rowid > ?2 ORDER BY rowid LIMIT ?3`)
    .bind(accountId, after, batchRows)
    .all<Record<string, unknown>>();
  if (results.length === 0) return { copied: 0, last: after };
  const self = moved.owner.kind === "self";
  const writes = insertsOf(to.db, moved.table, results, self && targetIsDirectory);
  // The shard's copy of the account names the shard it is on, and is never marked moving.
  if (self && !targetIsDirectory) writes.push(to.db.prepare("UPDATE accounts SET shard = ?1, moving_since = NULL WHERE id = ?2").bind(to.shard, accountId));
  await to.db.batch(writes);
  return { copied: results.length, last: results.at(-1)!.__rowid as number };
}

/** Copies the account's rows of one table in rowid (id) order, `batchRows` at a time, each batch one atomic write. */
async function copyTable(moved: MovedTable, options: Required<Pick<MoveOptions, "batchRows">> & MoveOptions, targetIsDirectory: boolean): Promise<number> {
  const at = { accountId: options.accountId, from: options.from.db, to: options.to, batchRows: options.batchRows, targetIsDirectory };
  let after = 0;
  let copied = 0;
  for (;;) {
    const batch = await copyBatch(moved, at, after);
    copied += batch.copied;
    after = batch.last;
    if (batch.copied < options.batchRows) return copied;
  }
}

/**
 * Deletes one batch (at most `batchRows`) of the account's rows from one database, from the first table, children
 * first, that still holds some. Answers how many it deleted: 0 means none is left. Idempotent, so a step that died
 * is simply run again.
 */
export async function deleteBatch(db: D1Database, accountId: number, batchRows: number, keepAccountRow: boolean): Promise<number> {
  for (const moved of [...MOVED_TABLES].reverse()) {
    if (moved.owner.kind === "self" && keepAccountRow) continue;
    const { meta } = await db
      .prepare(`DELETE FROM ${moved.table} WHERE rowid IN (SELECT rowid FROM ${moved.table} WHERE ${ownedBy(moved)} LIMIT ?2)`)
      .bind(accountId, batchRows)
      .run();
    if (meta.changes > 0) return meta.changes;
  }
  return 0;
}

/** Deletes the account's rows of every moved table from one database, children first, `batchRows` at a time. */
export async function deleteRows(db: D1Database, accountId: number, batchRows: number, keepAccountRow: boolean): Promise<number> {
  let deleted = 0;
  for (;;) {
    const changes = await deleteBatch(db, accountId, batchRows, keepAccountRow);
    if (changes === 0) return deleted;
    deleted += changes;
  }
}

/** A table whose ids are numbered per shard (the directory's `accounts` and `api_keys` are not). */
const isNumbered = (table: string) => (SHARD_NUMBERED_TABLES as readonly string[]).includes(table);

/** The account's highest id of each numbered table: the shard it came from must not be above the target (see below). */
async function highestIds(db: D1Database, accountId: number): Promise<number> {
  const numbered = MOVED_TABLES.filter((t) => isNumbered(t.table));
  const answers = await db.batch<{ id: number | null }>(numbered.map((t) => db.prepare(`SELECT max(id) AS id FROM ${t.table} WHERE ${ownedBy(t)}`).bind(accountId)));
  return Math.max(0, ...answers.map((a) => a.results[0]?.id ?? 0));
}

export class MoveRefused extends Error {}

/**
 * Refuses (MoveRefused, nothing done) a move that cannot start: same shard, unknown account, not on `from`, moving
 * already, ids above the target's range, or rows of the account on the target already.
 */
export async function checkMove(directory: D1Database, accountId: number, from: { shard: number; db: D1Database }, to: { shard: number; db: D1Database }) {
  if (from.shard === to.shard) throw new MoveRefused(`account ${accountId} is on shard ${to.shard} already`);
  const row = await directory.prepare("SELECT shard, moving_since FROM accounts WHERE id = ?").bind(accountId).first<{ shard: number; moving_since: string | null }>();
  if (!row) throw new MoveRefused(`no account ${accountId} in the directory`);
  if (row.shard !== from.shard) throw new MoveRefused(`account ${accountId} is on shard ${row.shard}, not ${from.shard}`);
  if (row.moving_since) throw new MoveRefused(`account ${accountId} is being moved since ${row.moving_since}`);
  // A copied id above the target's own range would lift its AUTOINCREMENT (SQLite numbers past the highest rowid),
  // and its next ids would be another shard's: an account moves only to a shard at or above every id it holds.
  const highest = await highestIds(from.db, accountId);
  if (shardOfId(highest) > to.shard) {
    throw new MoveRefused(`account ${accountId} holds ids of shard ${shardOfId(highest)} (up to ${highest}); it can move only to a shard numbered ${shardOfId(highest)} or above`);
  }
  const targetIsDirectory = to.db === directory;
  const already = await countRows(to.db, accountId);
  const present = Object.entries(already).filter(([table, n]) => n > 0 && !(table === "accounts" && targetIsDirectory));
  if (present.length > 0) throw new MoveRefused(`shard ${to.shard} holds rows of account ${accountId} already (${present.map(([t, n]) => `${t}: ${n}`).join(", ")})`);

}

/**
 * Moves one account from its shard to another. Throws MoveRefused (nothing done) when it cannot start, and any other
 * error after undoing the partial copy and clearing the mark; once the directory has switched, the old rows are gone
 * or still to delete (`npm run account -- move` again finishes them: the account is then on the target already).
 */
export async function moveAccount(input: MoveOptions): Promise<MoveResult> {
  const options = { batchRows: 100, quietSeconds: 300, graceMs: 2000, sleep: defaultSleep, log: () => {}, ...input };
  const { directory, from, to, accountId, cacheSeconds, sleep, log } = options;
  const started = Date.now();
  await checkMove(directory, accountId, from, to);
  const targetIsDirectory = to.db === directory;
  const sourceIsDirectory = from.db === directory;

  const movingSince = new Date().toISOString();
  const marked = await directory.prepare("UPDATE accounts SET moving_since = ?1 WHERE id = ?2 AND shard = ?3 AND moving_since IS NULL").bind(movingSince, accountId, from.shard).run();
  if (marked.meta.changes !== 1) throw new MoveRefused(`account ${accountId} changed while the move started`);
  const markedAt = Date.now();
  let copyMs = 0;
  const rows: Record<string, number> = {};
  try {
    log(`marked moving; waiting ${cacheSeconds} s for every isolate to see it`);
    await sleep(cacheSeconds * 1000 + options.graceMs);
    await waitForQuiet(from.db, accountId, options.quietSeconds, sleep, log);
    const copyStart = Date.now();
    for (const moved of MOVED_TABLES) {
      rows[moved.table] = await copyTable(moved, options, targetIsDirectory);
      log(`copied ${moved.table}: ${rows[moved.table]} rows`);
    }
    copyMs = Date.now() - copyStart;
    await options.afterCopy?.();
    await verify(options, targetIsDirectory);
    const switched = await directory.prepare("UPDATE accounts SET shard = ?1, moving_since = NULL WHERE id = ?2 AND moving_since = ?3").bind(to.shard, accountId, movingSince).run();
    if (switched.meta.changes !== 1) throw new Error(`the directory row of account ${accountId} changed during the move`);
  } catch (error) {
    log(`failed (${(error as Error).message}); deleting the partial copy on shard ${to.shard}`);
    await deleteRows(to.db, accountId, options.batchRows, targetIsDirectory);
    await directory.prepare("UPDATE accounts SET moving_since = NULL WHERE id = ?1 AND moving_since = ?2").bind(accountId, movingSince).run();
    throw error;
  }
  const refusedMs = Date.now() - markedAt;
  log(`switched to shard ${to.shard}; waiting ${cacheSeconds} s before deleting the old rows (isolates may still read them)`);
  await sleep(cacheSeconds * 1000 + options.graceMs);
  const deleteStart = Date.now();
  await deleteRows(from.db, accountId, options.batchRows, sourceIsDirectory);
  const deleteMs = Date.now() - deleteStart;
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  return { accountId, from: from.shard, to: to.shard, rows, totalRows, totalMs: Date.now() - started, copyMs, refusedMs, deleteMs };
}

/** Waits until the account's analyses, crawls and deliveries have ended (their consumers write on the old shard). */
async function waitForQuiet(db: D1Database, accountId: number, seconds: number, sleep: (ms: number) => Promise<void>, log: (line: string) => void) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const busy = await workInFlight(db, accountId);
    if (busy.length === 0) return;
    if (Date.now() >= until) throw new Error(`work still in flight after ${seconds} s: ${busy.join(", ")}`);
    log(`waiting for work in flight: ${busy.join(", ")}`);
    await sleep(1000);
  }
}

/** The same rows on both sides, table by table; the target's id counters still in its own range; nothing in flight. */
export async function verify(options: Pick<MoveOptions, "from" | "to" | "accountId">, targetIsDirectory: boolean) {
  const { from, to, accountId } = options;
  const [source, target] = await Promise.all([countRows(from.db, accountId), countRows(to.db, accountId)]);
  const differ = MOVED_TABLES.filter((t) => source[t.table] !== target[t.table] && !(t.owner.kind === "self" && targetIsDirectory));
  if (differ.length > 0) throw new Error(`counts differ after the copy: ${differ.map((t) => `${t.table} ${source[t.table]} → ${target[t.table]}`).join(", ")}`);
  const busy = await workInFlight(from.db, accountId);
  if (busy.length > 0) throw new Error(`work started during the copy: ${busy.join(", ")}`);
  const { results } = await to.db.prepare("SELECT name, seq FROM sqlite_sequence").all<{ name: string; seq: number }>();
  const lifted = results.filter((r) => isNumbered(r.name) && r.seq >= (to.shard + 1) * SHARD_ID_SPAN);
  if (lifted.length > 0) throw new Error(`the copy lifted shard ${to.shard}'s id counters out of its range: ${lifted.map((r) => r.name).join(", ")}`);
}
