/*
 * Past one database (docs/operations.md): the account's rows live in one of N shard databases, bound as `DB` (shard
 * 0), `DB_1`, `DB_2` ...; accounts and API keys are looked up in the directory, `DIRECTORY`, or in `DB` when no
 * directory is bound (one database is then both). Only the entries (the HTTP middleware, the page session, the queue
 * dispatch, the cron) use this module: they pick the shard once and hand its `db` down, as they hand the settings.
 */

/** Ids carry their shard in the bits above 2^40: shard 0's ids are the ids of today; shard k's start at k * 2^40 + 1. */
export const SHARD_ID_SPAN = 2 ** 40;

/** The shard an id was created on (the shard of its account then; a moved account keeps its ids). */
export const shardOfId = (id: number) => Math.floor(id / SHARD_ID_SPAN);

type Bindings = Record<string, unknown>;

const shardBindingName = (shard: number) => (shard === 0 ? "DB" : `DB_${shard}`);

/** The shard databases bound to this Worker: `DB`, then `DB_1`, `DB_2` ... up to the first one missing. */
export function shardDatabases(env: Env): D1Database[] {
  const bindings = env as unknown as Bindings;
  const found: D1Database[] = [];
  for (let shard = 0; bindings[shardBindingName(shard)] !== undefined; shard++) found.push(bindings[shardBindingName(shard)] as D1Database);
  return found;
}

/** The shard's database, or undefined when this Worker has no binding for it. */
export const shardDatabase = (env: Env, shard: number): D1Database | undefined =>
  (env as unknown as Bindings)[shardBindingName(shard)] as D1Database | undefined;

/** The directory: `DIRECTORY` when bound, else `DB`, which is then the directory and shard 0 at once. */
export const directoryDatabase = (env: Env): D1Database => ((env as unknown as Bindings).DIRECTORY as D1Database | undefined) ?? env.DB;

/** One database for everything (no `DIRECTORY`, no `DB_1`): the deployment of before shards, which behaves as then. */
export const isSingleDatabase = (env: Env) => directoryDatabase(env) === env.DB && shardDatabase(env, 1) === undefined;

const shardOfEnv = new WeakMap<object, number>();
const baseOfEnv = new WeakMap<object, Env>();
const scopedEnvs = new WeakMap<object, Map<number, Env>>();

/**
 * The Worker's env as seen from one shard: `DB` is that shard's database, and the queue bundle built from it
 * (queuesOf) stamps the shard on every message. Shard 0 is the env itself, unchanged.
 */
export function onShard(env: Env, shard: number): Env {
  if (shard === 0) return env;
  // One scoped env per env and shard, kept: config(env) parses once per env object, so it parses once per shard.
  const kept = scopedEnvs.get(env)?.get(shard);
  if (kept) return kept;
  const db = shardDatabase(env, shard);
  if (!db) throw new Error(`no database is bound for shard ${shard} (${shardBindingName(shard)})`);
  const scoped = { ...env, DB: db };
  shardOfEnv.set(scoped, shard);
  baseOfEnv.set(scoped, env);
  scopedEnvs.set(env, (scopedEnvs.get(env) ?? new Map()).set(shard, scoped));
  return scoped;
}

/** The shard an env was scoped to by onShard (0 for the Worker's own env). */
export const shardOf = (env: Env) => shardOfEnv.get(env) ?? 0;

/** The Worker's own env behind one that onShard scoped (itself when it is not scoped). */
export const unscoped = (env: Env): Env => baseOfEnv.get(env) ?? env;

/** Every shard database but the one an env is scoped to: where a public page looks for a moved account's row. */
export const otherShardDatabases = (env: Env): D1Database[] => shardDatabases(unscoped(env)).filter((db) => db !== env.DB);

/** A queue message's shard: messages sent before shards carry none, and they are shard 0's. */
export function shardOfMessage(body: unknown): number {
  const shard = body !== null && typeof body === "object" ? (body as { shard?: unknown }).shard : undefined;
  return typeof shard === "number" && Number.isSafeInteger(shard) && shard >= 0 ? shard : 0;
}

/**
 * The tables whose ids are public or copied with a moved account: on shard k their AUTOINCREMENT starts above
 * k * 2^40. `accounts` and `api_keys` are the directory's: a shard's copy of an account keeps the directory's id.
 * `account_moves` is the directory's too (src/db/move-job.ts): its ids are never public nor copied.
 */
export const SHARD_NUMBERED_TABLES = [
  "projects",
  "reports",
  "unlock_attempts",
  "report_history",
  "changes",
  "webhooks",
  "webhook_deliveries",
  "crawls",
  "crawl_pages",
  "crawl_links",
] as const;

/**
 * SQL that makes a shard's new ids start in its range (run after the migrations, by `npm run migrate` and the
 * tests; running it again changes nothing): SQLite's own AUTOINCREMENT counter, `sqlite_sequence`, raised to
 * k * 2^40 where it is lower. Shard 0 needs none: its ids are the ids of before shards.
 */
export function shardSequenceStatements(shard: number): string[] {
  if (shard === 0) return [];
  const floor = shard * SHARD_ID_SPAN;
  return SHARD_NUMBERED_TABLES.flatMap((table) => [
    `INSERT INTO sqlite_sequence (name, seq) SELECT '${table}', ${floor} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = '${table}')`,
    `UPDATE sqlite_sequence SET seq = ${floor} WHERE name = '${table}' AND seq < ${floor}`,
  ]);
}
