import { env } from "cloudflare:workers";
import { generateApiKey, hashApiKey } from "../../src/accounts/api-keys";
import { shardDatabase } from "../../src/db/shards";
import type { Caller } from "./api";

/** The database of one of the "shards" project's shards (DB, DB_1, DB_2). */
export function shardDb(shard: number): D1Database {
  const db = shardDatabase(env, shard);
  if (!db) throw new Error(`the test's env binds no shard ${shard}`);
  return db;
}

/**
 * A new account placed on `shard`, with one API key, as `npm run key -- create` writes it with shards: the account
 * and key in the directory (DB here), and the account's own row on its shard (its rows' foreign keys need it).
 */
export async function createCallerOn(shard: number, name = `shard-${shard}`): Promise<Caller & { shard: number }> {
  const account = await env.DB.prepare("INSERT INTO accounts (name, shard) VALUES (?, ?) RETURNING id").bind(name, shard).first<{ id: number }>();
  if (shard !== 0) {
    await shardDb(shard).prepare("INSERT INTO accounts (id, name, shard) VALUES (?, ?, ?)").bind(account!.id, name, shard).run();
  }
  const { key, prefix } = generateApiKey();
  await env.DB.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (?, ?, ?, ?)")
    .bind(account!.id, name, prefix, await hashApiKey(key))
    .run();
  return { key, accountId: account!.id, shard };
}

/** How many rows of `table` with this id each shard holds: [shard 0, shard 1, shard 2]. */
export async function rowsPerShard(table: string, id: number): Promise<number[]> {
  return Promise.all(
    [0, 1, 2].map(async (shard) => (await shardDb(shard).prepare(`SELECT count(*) AS n FROM ${table} WHERE id = ?`).bind(id).first<{ n: number }>())!.n),
  );
}
