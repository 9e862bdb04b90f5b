// npm run account -- quota ACCOUNT [--reports N|none] [--crawl-pages N|none] [--rendered N|none] [--remote] [--shards N]
// Sets an account's monthly quotas (docs/operations.md "Quotas and usage"); a flag left out keeps its limit, `none`
// removes it. Prints the limits and this month's usage. ACCOUNT is the account's id or its name (`npm run key -- create --name`).
import { d1, directory, quote } from "./shared.mjs";
import { BASE_CONFIG, shardsFlag, writeShardsConfig } from "../shards.mjs";

const USAGE =
  "usage: npm run account -- quota ACCOUNT [--reports N|none] [--crawl-pages N|none] [--rendered N|none] [--remote] [--shards N]\n" +
  "       ACCOUNT: the account's id or name; a flag left out keeps its limit; none: no limit (the default)";

const limits = { reports: "quota_reports", "crawl-pages": "quota_crawl_pages", rendered: "quota_rendered" };

function usage(message) {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

/** `none` → NULL, a whole number ≥ 0 → itself; anything else is a usage error. */
function limitSql(flag, value) {
  if (value === "none") return "NULL";
  if (value === undefined || !/^\d{1,12}$/.test(value)) usage(`--${flag} must be a whole number or none`);
  return String(Number(value));
}

/**
 * The account named by id or by name (a name two accounts share is refused: give the id), read in the directory with
 * the shard it lives on: its limits and usage are kept there, beside the work they count.
 */
export function findAccount(account, { remote, config }) {
  const where = /^\d+$/.test(account) ? `id = ${Number(account)}` : `name = ${quote(account)}`;
  const [rows] = d1(`SELECT id, shard FROM accounts WHERE ${where} ORDER BY id`, { remote, binding: directory(config), config });
  if (rows.length === 0) usage(`no account has ${where.replace(" = ", " ")}`);
  if (rows.length > 1) usage(`${rows.length} accounts are called ${account} (ids ${rows.map((r) => r.id).join(", ")}): give the id`);
  return { where: `id = ${rows[0].id}`, binding: rows[0].shard === 0 ? "DB" : `DB_${rows[0].shard}` };
}

export function run(all) {
  const { shards, rest: args } = shardsFlag(all);
  const config = shards === undefined ? BASE_CONFIG : writeShardsConfig(shards);
  const account = args[0];
  if (!account || account.startsWith("--")) usage();
  const remote = args.includes("--remote");
  const sets = [];
  for (let i = 1; i < args.length; i++) {
    if (args[i] === "--remote") continue;
    const flag = args[i].replace(/^--/, "");
    if (!args[i].startsWith("--") || !(flag in limits)) usage(`unknown argument ${args[i]}`);
    sets.push(`${limits[flag]} = ${limitSql(flag, args[++i])}`);
  }
  const { where, binding } = findAccount(account, { remote, config });
  const month = new Date().toISOString().slice(0, 7);
  const results = d1(
    [
      sets.length > 0 ? `UPDATE accounts SET ${sets.join(", ")} WHERE ${where};` : "",
      `SELECT a.id, a.name, a.quota_reports, a.quota_crawl_pages, a.quota_rendered,
         coalesce(u.reports, 0) AS reports, coalesce(u.crawl_pages, 0) AS crawl_pages, coalesce(u.rendered, 0) AS rendered
       FROM accounts a LEFT JOIN account_usage u ON u.account_id = a.id AND u.month = ${quote(month)} WHERE a.${where};`,
    ].join(" "),
    { remote, binding, config },
  );
  const [row] = results.at(-1);
  if (!row) usage(`no account has ${where.replace(" = ", " ")}`);
  const limit = (value) => (value === null ? "none" : value);
  console.log(`Account ${row.id} (${row.name}), ${month} (UTC):`);
  console.table({
    reports: { used: row.reports, limit: limit(row.quota_reports) },
    "crawl pages": { used: row.crawl_pages, limit: limit(row.quota_crawl_pages) },
    rendered: { used: row.rendered, limit: limit(row.quota_rendered) },
  });
}
