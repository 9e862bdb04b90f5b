// npm run account -- move ACCOUNT --to SHARD [--job | --remote] [--wait] [--shards N] [--batch ROWS] [--quiet-seconds S]
// npm run account -- move ACCOUNT --status | --abort [--remote] [--shards N]
// Moves one account to another shard (docs/operations.md "Moving one account"). ACCOUNT is the account's id or name.
// - Here and now (local databases): src/db/move-account.ts over the local D1 of the wrangler config (wrangler's
//   getPlatformProxy: the same SQLite files `wrangler d1 execute --local` and `npm run dev` use).
// - As a job of the Worker (`--job`; always with `--remote`, the deployed databases): the command writes a `requested`
//   row in the directory's account_moves through `wrangler d1 execute`, and the Worker's cron runs the move
//   (src/db/move-job.ts), where every shard is bound. `--wait` follows it to its end; `--status` and `--abort` read and
//   stop the account's latest move.
import { getPlatformProxy } from "wrangler";
import { findAccount } from "./quota.mjs";
import { d1Statements } from "../d1.mjs";
import { directory as directoryBinding } from "./shared.mjs";
import { localStatePersist } from "../local-tools.mjs";
import { BASE_CONFIG, shardsFlag, writeShardsConfig } from "../shards.mjs";
import { config as settingsOf } from "../../src/config.ts";
import { directoryDatabase, shardDatabase } from "../../src/db/shards.ts";
import { moveAccount, MoveRefused } from "../../src/db/move-account.ts";
import { abortMoveSql, latestMoveSql, requestMoveSql } from "../../src/db/move-job.ts";

const USAGE =
  "usage: npm run account -- move ACCOUNT --to SHARD [--job | --remote] [--wait] [--shards N] [--batch ROWS] [--quiet-seconds S]\n" +
  "       npm run account -- move ACCOUNT --status | --abort [--remote] [--shards N]\n" +
  "       ACCOUNT: the account's id or name; SHARD: 0 for DB, k for DB_k; --job: the Worker's cron moves it (always with --remote)";

/** How often `--wait` reads the move's row. */
const WAIT_POLL_MS = 2000;

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

const FLAGS = new Set(["--to", "--batch", "--quiet-seconds", "--job", "--remote", "--wait", "--status", "--abort"]);

export async function run(all) {
  const { shards, rest: args } = shardsFlag(all);
  const account = args[0];
  if (!account || account.startsWith("--")) usage();
  for (let i = 1; i < args.length; i++) {
    if (!FLAGS.has(args[i])) usage(`unknown argument ${args[i]}`);
    if (["--to", "--batch", "--quiet-seconds"].includes(args[i])) i++;
  }
  const remote = args.includes("--remote");
  if (remote && shards !== undefined) usage("--shards is for local databases; remote shards are the [[d1_databases]] of wrangler.toml");
  const config = shards === undefined ? BASE_CONFIG : writeShardsConfig(shards);
  const { where } = findAccount(account, { remote, config });
  const accountId = Number(where.replace("id = ", ""));
  const job = { accountId, remote, config, binding: directoryBinding(config) };
  if (args.includes("--status")) return printMove(latestMove(job), { none: `account ${accountId} has no move of the Worker's job on record (a move run here, without --job, keeps none)` });
  if (args.includes("--abort")) return abort(job);
  const to = valueOf(args, "--to");
  if (to === undefined) usage("--to SHARD is required");
  if (remote || args.includes("--job")) return requestJob(job, to, args.includes("--wait"));
  return moveHere({ accountId, to, config, args });
}

/** SQL on the directory through wrangler; answers each statement's rows and meta. */
const directorySql = ({ remote, config, binding }, sql) => d1Statements(sql, { remote, binding, config });

const latestMove = (job) => directorySql(job, latestMoveSql(job.accountId))[0].results[0];

function printMove(move, { none }) {
  if (!move) return console.log(none);
  const progress = `${move.rows_copied} rows copied, ${move.rows_deleted} deleted`;
  console.log(`Move ${move.id} of account ${move.account_id}, shard ${move.from_shard} -> ${move.to_shard}: ${move.phase} (${progress}; since ${move.phase_since})`);
  if (move.error) console.log(`  ${move.phase === "failed" ? "reason" : "last error"}: ${move.error}`);
  if (move.abort_requested && !["done", "failed"].includes(move.phase)) console.log("  abort requested: honoured at its next step unless it has switched");
}

/** Writes the request; the Worker's cron takes it at its next tick. With `wait`, follows the row to its end. */
async function requestJob(job, to, wait) {
  const [inserted] = directorySql(job, requestMoveSql(job.accountId, to, new Date().toISOString()));
  const move = inserted.results[0];
  if (!move) {
    printMove(latestMove(job), { none: "" });
    usage(`refused, nothing changed: account ${job.accountId} is being moved already`);
  }
  console.log(
    `Move ${move.id} requested: account ${job.accountId}, shard ${move.from_shard} -> ${to}. The Worker's cron runs it (every minute; ` +
      `locally: curl http://localhost:8787/__scheduled with npm run dev). Follow it: npm run account -- move ${job.accountId} --status${job.remote ? " --remote" : ""}`,
  );
  if (!wait) return;
  let last = "";
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    const now = latestMove(job);
    const line = `${now.phase} ${now.rows_copied} ${now.rows_deleted} ${now.error ?? ""}`;
    if (line !== last) printMove(now, { none: "" });
    last = line;
    if (now.phase === "done") return;
    if (now.phase === "failed") {
      process.exitCode = 1;
      return;
    }
  }
}

function abort(job) {
  const [asked] = directorySql(job, abortMoveSql(job.accountId));
  if (asked.results.length === 0) usage(`account ${job.accountId} has no open move`);
  printMove(latestMove(job), { none: "" });
}

/** The local driver: the whole move in this process, over the local databases. */
async function moveHere({ accountId, to, config, args }) {
  const { env, dispose } = await getPlatformProxy({ configPath: config, persist: localStatePersist() });
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
