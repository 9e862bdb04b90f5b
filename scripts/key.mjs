#!/usr/bin/env node
// npm run key -- create --name NAME [--account ID] [--remote] | list [--remote] | revoke PREFIX [--remote]
import { newApiKey } from "./local-tools.mjs";
import { d1, d1Statements, quote } from "./d1.mjs";
import { BASE_CONFIG, d1Bindings, shardOfBinding, writeShardsConfig } from "./shards.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const remote = args.includes("--remote");
// `--shards N`: the local shards of `npm run dev -- --shards N` (the generated wrangler.shards.toml).
const cliConfig = () => (args.includes("--shards") ? writeShardsConfig(Number(flag("shards"))) : BASE_CONFIG);
const command = args[0];

function usage(message) {
  if (message) console.error(message);
  console.error("usage: npm run key -- create --name NAME [--account ID] [--remote]\n       npm run key -- list [--remote]\n       npm run key -- revoke PREFIX [--remote]");
  process.exit(2);
}

/**
 * The shard a new account goes to (docs/operations.md "Past one database"): the one with the most room, that is the
 * smallest database (D1's `size_after`, remote), then the fewest accounts, then the lowest number. Null with one
 * database (DB alone): the account stays where every account was before shards.
 */
export function placeAccount({ remote = false, config = BASE_CONFIG } = {}) {
  const shards = d1Bindings(config).filter((binding) => shardOfBinding(binding) !== undefined);
  if (shards.length <= 1) return null;
  const room = shards.map((binding) => {
    // Counted by the rows' own shard number: DB, when it is the directory too, holds every account's directory row.
    const [answer] = d1Statements(`SELECT count(*) AS n FROM accounts WHERE shard = ${shardOfBinding(binding)}`, { remote, binding, config });
    return { binding, shard: shardOfBinding(binding), bytes: answer.meta?.size_after ?? 0, accounts: answer.results[0].n };
  });
  room.sort((a, b) => a.bytes - b.bytes || a.accounts - b.accounts || a.shard - b.shard);
  return room[0];
}

/** The directory's binding: DIRECTORY when the config binds it, else DB. */
export const directoryBinding = (config = BASE_CONFIG) => (d1Bindings(config).includes("DIRECTORY") ? "DIRECTORY" : "DB");

/**
 * Stores a new key (and, without `account`, a new account, on the shard with the most room) in local or remote D1;
 * the key is returned once.
 */
export function createKey(name, { account, remote: useRemote = false, config = BASE_CONFIG } = {}) {
  if (!/^[\w .@-]{1,64}$/.test(name)) usage("--name must be 1-64 letters, digits, spaces or . _ - @");
  const { key, prefix, hash } = newApiKey();
  const placed = account ? null : placeAccount({ remote: useRemote, config });
  const accountSql = account
    ? `${Number(account)}`
    : `(SELECT id FROM accounts WHERE rowid = last_insert_rowid())`;
  const directory = directoryBinding(config);
  const sql = [
    account ? "" : `INSERT INTO accounts (name, shard) VALUES (${quote(name)}, ${placed?.shard ?? 0});`,
    `INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (${accountSql}, ${quote(name)}, ${quote(prefix)}, ${quote(hash)});`,
    `SELECT account_id FROM api_keys WHERE hash = ${quote(hash)};`,
  ].join(" ");
  const results = d1(sql, { remote: useRemote, binding: directory, config });
  const accountId = results.at(-1)?.[0]?.account_id;
  if (!accountId) throw new Error("the key was not stored (does --account name an existing account?)");
  // The account's own row on its shard, under the directory's id: its rows' foreign keys point at it.
  if (placed && placed.binding !== directory) {
    d1(`INSERT INTO accounts (id, name, shard) VALUES (${accountId}, ${quote(name)}, ${placed.shard});`, { remote: useRemote, binding: placed.binding, config });
  }
  return { key, accountId, shard: placed?.shard ?? 0 };
}

/**
 * The id of the oldest account called `name`, created if there is none: the one local account `npm run dev`
 * keeps across restarts, so reports made before a restart stay visible to the next run's key.
 */
export function findOrCreateAccount(name, { config = BASE_CONFIG } = {}) {
  const sql = [
    `INSERT INTO accounts (name) SELECT ${quote(name)} WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE name = ${quote(name)});`,
    `SELECT a.id, (SELECT count(*) FROM reports r WHERE r.account_id = a.id) AS reports FROM accounts a WHERE a.name = ${quote(name)} ORDER BY a.id LIMIT 1;`,
  ].join(" ");
  const [row] = d1(sql, { config }).at(-1);
  return { accountId: row.id, reports: row.reports };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (command === "create") {
    const name = flag("name") ?? usage("--name is required");
    const { key, accountId, shard } = createKey(name, { account: flag("account"), remote, config: cliConfig() });
    console.log(`API key for "${name}" (account ${accountId}, shard ${shard}). It is shown once; store it now:\n\n  ${key}\n`);
  } else if (command === "list") {
    const [rows] = d1(
      "SELECT k.prefix, k.name, k.account_id, k.created_at, k.last_used_at, k.revoked_at FROM api_keys k ORDER BY k.id",
      { remote, binding: directoryBinding(cliConfig()), config: cliConfig() },
    );
    console.table(rows);
  } else if (command === "revoke") {
    const prefix = args[1] ?? usage("revoke needs the key's PREFIX (its first 8 characters, from `key -- list`)");
    const [, [row]] = d1(
      `UPDATE api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE prefix = ${quote(prefix)} AND revoked_at IS NULL; SELECT changes() AS n;`,
      { remote, binding: directoryBinding(cliConfig()), config: cliConfig() },
    );
    console.log(row?.n ? `revoked ${row.n} key(s) with prefix ${prefix}` : `no active key has prefix ${prefix}`);
    if (!row?.n) process.exit(1);
    // With shards an isolate keeps a key's directory answer; nothing here can reach it (docs/operations.md).
    const sharded = d1Bindings(cliConfig()).some((binding) => binding === "DIRECTORY" || shardOfBinding(binding) > 0);
    if (sharded) console.log("With shards, an isolate that used the key in the last DIRECTORY_CACHE_SECONDS (60 by default) still accepts it until its entry expires.");
  } else {
    usage(command ? `unknown command ${command}` : undefined);
  }
}
