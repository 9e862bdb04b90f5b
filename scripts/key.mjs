#!/usr/bin/env node
// npm run key -- create --name NAME [--account ID] [--remote] | list [--remote] | revoke PREFIX [--remote]
import { newApiKey } from "./local-tools.mjs";
import { d1, quote } from "./d1.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const remote = args.includes("--remote");
const command = args[0];

function usage(message) {
  if (message) console.error(message);
  console.error("usage: npm run key -- create --name NAME [--account ID] [--remote]\n       npm run key -- list [--remote]\n       npm run key -- revoke PREFIX [--remote]");
  process.exit(2);
}

/** Stores a new key (and, without `account`, a new account) in local or remote D1; the key is returned once. */
export function createKey(name, { account, remote: useRemote = false } = {}) {
  if (!/^[\w .@-]{1,64}$/.test(name)) usage("--name must be 1-64 letters, digits, spaces or . _ - @");
  const { key, prefix, hash } = newApiKey();
  const accountSql = account
    ? `${Number(account)}`
    : `(SELECT id FROM accounts WHERE rowid = last_insert_rowid())`;
  const sql = [
    account ? "" : `INSERT INTO accounts (name) VALUES (${quote(name)});`,
    `INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (${accountSql}, ${quote(name)}, ${quote(prefix)}, ${quote(hash)});`,
    `SELECT account_id FROM api_keys WHERE hash = ${quote(hash)};`,
  ].join(" ");
  const results = d1(sql, { remote: useRemote });
  const accountId = results.at(-1)?.[0]?.account_id;
  if (!accountId) throw new Error("the key was not stored (does --account name an existing account?)");
  return { key, accountId };
}

/**
 * The id of the oldest account called `name`, created if there is none: the one local account `npm run dev`
 * keeps across restarts, so reports made before a restart stay visible to the next run's key.
 */
export function findOrCreateAccount(name) {
  const sql = [
    `INSERT INTO accounts (name) SELECT ${quote(name)} WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE name = ${quote(name)});`,
    `SELECT a.id, (SELECT count(*) FROM reports r WHERE r.account_id = a.id) AS reports FROM accounts a WHERE a.name = ${quote(name)} ORDER BY a.id LIMIT 1;`,
  ].join(" ");
  const [row] = d1(sql).at(-1);
  return { accountId: row.id, reports: row.reports };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (command === "create") {
    const name = flag("name") ?? usage("--name is required");
    const { key, accountId } = createKey(name, { account: flag("account"), remote });
    console.log(`API key for "${name}" (account ${accountId}). It is shown once; store it now:\n\n  ${key}\n`);
  } else if (command === "list") {
    const [rows] = d1(
      "SELECT k.prefix, k.name, k.account_id, k.created_at, k.last_used_at, k.revoked_at FROM api_keys k ORDER BY k.id",
      { remote },
    );
    console.table(rows);
  } else if (command === "revoke") {
    const prefix = args[1] ?? usage("revoke needs the key's PREFIX (its first 8 characters, from `key -- list`)");
    const [, [row]] = d1(
      `UPDATE api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE prefix = ${quote(prefix)} AND revoked_at IS NULL; SELECT changes() AS n;`,
      { remote },
    );
    console.log(row?.n ? `revoked ${row.n} key(s) with prefix ${prefix}` : `no active key has prefix ${prefix}`);
    if (!row?.n) process.exit(1);
  } else {
    usage(command ? `unknown command ${command}` : undefined);
  }
}
