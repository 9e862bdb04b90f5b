// npm run account -- move ACCOUNT --to SHARD [--shards N] [--batch ROWS] [--quiet-seconds S]
// Moves one account to another shard (docs/operations.md "Moving one account"), with src/db/move-account.ts over the
// local D1 databases of the wrangler config (wrangler's getPlatformProxy: the same SQLite files `wrangler d1 execute
// --local` and `npm run dev` use). ACCOUNT is the account's id or name. `--remote` is refused: see the docs.
import { getPlatformProxy } from "wrangler";
import { findAccount } from "./quota.mjs";
import { BASE_CONFIG, shardsFlag, writeShardsConfig } from "../shards.mjs";
import { config as settingsOf } from "../../src/config.ts";
import { directoryDatabase, shardDatabase } from "../../src/db/shards.ts";
import { moveAccount, MoveRefused } from "../../src/db/move-account.ts";

const USAGE =
  "usage: npm run account -- move ACCOUNT --to SHARD [--shards N] [--batch ROWS] [--quiet-seconds S]\n" +
  "       ACCOUNT: the account's id or name; SHARD: 0 for DB, k for DB_k";

function usage(message) {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const valueOf = (args, flag) => {
  const i = args.indexOf(flag);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (value === undefined || !/^\d+$/.test(value)) usage(`${flag} needs a whole number`);
  return Number(value);
};

export async function run(all) {
  const { shards, rest: args } = shardsFlag(all);
  const account = args[0];
  if (!account || account.startsWith("--")) usage();
  if (args.includes("--remote")) {
    usage("--remote: a move runs against local databases only (docs/operations.md \"Moving one account\": remote moves are not built yet)");
  }
  const to = valueOf(args, "--to");
  if (to === undefined) usage("--to SHARD is required");
  const config = shards === undefined ? BASE_CONFIG : writeShardsConfig(shards);
  const { where } = findAccount(account, { remote: false, config });
  const accountId = Number(where.replace("id = ", ""));
  const { env, dispose } = await getPlatformProxy({ configPath: config });
  try {
    const directory = directoryDatabase(env);
    const row = await directory.prepare("SELECT shard FROM accounts WHERE id = ?").bind(accountId).first();
    const fromDb = shardDatabase(env, row.shard);
    const toDb = shardDatabase(env, to);
    if (!fromDb) usage(`the account is on shard ${row.shard}, which ${config} does not bind (give --shards)`);
    if (!toDb) usage(`${config} binds no shard ${to} (give --shards N with N > ${to})`);
    const result = await moveAccount({
      accountId,
      directory,
      from: { shard: row.shard, db: fromDb },
      to: { shard: to, db: toDb },
      cacheSeconds: settingsOf(env).directoryCacheSeconds,
      batchRows: valueOf(args, "--batch") ?? 100,
      quietSeconds: valueOf(args, "--quiet-seconds") ?? 300,
      log: (line) => console.log(`move: ${line}`),
    });
    console.table(result.rows);
    console.log(
      `Account ${accountId} moved from shard ${result.from} to shard ${result.to}: ${result.totalRows} rows in ${(result.totalMs / 1000).toFixed(1)} s ` +
        `(copy ${(result.copyMs / 1000).toFixed(1)} s, writes refused ${(result.refusedMs / 1000).toFixed(1)} s, old rows deleted in ${(result.deleteMs / 1000).toFixed(1)} s)`,
    );
  } catch (error) {
    if (error instanceof MoveRefused) usage(`refused, nothing changed: ${error.message}`);
    console.error(`The move failed and was undone (the account is where it was): ${error.message}`);
    process.exitCode = 1;
  } finally {
    await dispose();
  }
}
