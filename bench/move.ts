// The move of one big account (docs/operations.md "Moving one account"): an account on shard 1 with 10,000 reports
// (each with its results, ~3 KB, and a history row) and a 5,000-page crawl (facts and two failed checks a page) is
// moved to shard 2 by src/db/move-account.ts, over wrangler's local D1 (getPlatformProxy, as `npm run account --
// move` runs it), in a fresh database under a temporary directory. Prints the move's time, rows per second, and how
// long the account's writes were refused. `--job`: the same move as the Worker's job runs it (src/db/move-job.ts: a
// requested row, then the cron's advanceMoves in ticks of MOVE_STEP_SECONDS, back to back here), instead of the
// command's local driver. Usage: npm run bench:move [-- --reports N --pages N --batch ROWS --job]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { countRows, moveAccount } from "../src/db/move-account";
import { advanceMoves, moveOf, requestMoveSql } from "../src/db/move-job";
import { shardDatabase, shardSequenceStatements } from "../src/db/shards";
import { writeShardsConfig } from "../scripts/shards.mjs";

const arg = (flag: string, fallback: number) => {
  const i = process.argv.indexOf(flag);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const REPORTS = arg("--reports", 10_000);
const PAGES = arg("--pages", 5_000);
const BATCH = arg("--batch", 100);
const JOB = process.argv.includes("--job");
/** The cron's budget per tick as deployed (MOVE_STEP_SECONDS). */
const STEP_SECONDS = 20;

const root = new URL("..", import.meta.url).pathname;
const persist = mkdtempSync(join(tmpdir(), "pagegrade-move-"));
const { env, dispose } = await getPlatformProxy<Env>({ configPath: writeShardsConfig(3), persist: { path: persist } });
const shard = (k: number) => shardDatabase(env, k)!;

try {
  const migrations = readdirSync(join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort();
  for (const k of [0, 1, 2]) {
    for (const file of migrations) {
      for (const statement of readFileSync(join(root, "migrations", file), "utf8").split("--> statement-breakpoint")) {
        if (statement.trim()) await shard(k).prepare(statement).run();
      }
    }
    for (const statement of shardSequenceStatements(k)) await shard(k).prepare(statement).run();
  }

  // The account in the directory (DB) and its own row on shard 1, as `npm run key -- create --shards 3` places it.
  const { id: accountId } = (await env.DB.prepare("INSERT INTO accounts (name, shard) VALUES ('big', 1) RETURNING id").first<{ id: number }>())!;
  const db = shard(1);
  await db.prepare("INSERT INTO accounts (id, name, shard) VALUES (?, 'big', 1)").bind(accountId).run();
  const { id: projectId } = (await db.prepare("INSERT INTO projects (account_id, name) VALUES (?, 'big.example') RETURNING id").bind(accountId).first<{ id: number }>())!;
  const seed = Date.now();
  // Seeded in chunks: one statement of 10,000 rows with their blobs is past what a local D1 call carries at once.
  for (let from = 0; from < REPORTS; from += 1000) {
    const to = Math.min(REPORTS, from + 1000);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO reports (account_id, project_id, url, status, score, results, generated_at)
         SELECT ?3, ?4, 'https://big.example/page/' || i, 'completed', 50 + i % 50, randomblob(3000), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
      )
      .bind(from + 1, to, accountId, projectId)
      .run();
  }
  await db
    .prepare(
      `INSERT INTO report_history (report_id, generation, status, score, failed_checks, generated_at)
       SELECT id, 1, 'completed', score, '["title-length","meta-description"]', generated_at FROM reports WHERE account_id = ?`,
    )
    .bind(accountId)
    .run();
  const { id: crawlId } = (await db
    .prepare("INSERT INTO crawls (account_id, project, url, status) VALUES (?, 'big.example', 'https://big.example/sitemap.xml', 'completed') RETURNING id")
    .bind(accountId)
    .first<{ id: number }>())!;
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO crawl_pages (crawl_id, url, depth, in_sitemap, state, facts, settled_at)
       SELECT ?1, 'https://big.example/page/' || i, 1, 1, 'audited', '{"title":"' || hex(randomblob(120)) || '","status":200}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
    )
    .bind(crawlId, PAGES)
    .run();
  await db
    .prepare(
      `INSERT INTO crawl_page_failures (crawl_id, check_id, crawl_page_id)
       SELECT crawl_id, c.check_id, id FROM crawl_pages, (SELECT 'title-length' AS check_id UNION ALL SELECT 'meta-description') c WHERE crawl_id = ?`,
    )
    .bind(crawlId)
    .run();
  const seeded = await countRows(db, accountId);
  console.log(`seeded in ${((Date.now() - seed) / 1000).toFixed(1)} s:`, seeded);

  // cacheSeconds 0: the wait for the isolates' caches (DIRECTORY_CACHE_SECONDS, 60 deployed) is added below, not slept.
  const secs = (ms: number) => (ms / 1000).toFixed(1);
  if (JOB) {
    const started = Date.now();
    await env.DB.prepare(requestMoveSql(accountId, 2, new Date().toISOString())).run();
    const dbs = { directory: env.DB, shard: (k: number) => shardDatabase(env, k) };
    let ticks = 0;
    let move = (await moveOf(env.DB, accountId))!;
    while (move.phase !== "done" && move.phase !== "failed") {
      await advanceMoves(dbs, { cacheSeconds: 0, graceMs: 0, batchRows: BATCH }, Date.now() + STEP_SECONDS * 1000);
      ticks++;
      move = (await moveOf(env.DB, accountId))!;
    }
    const totalMs = Date.now() - started;
    const refusedMs = Date.parse(move.switched_at ?? move.updated_at) - Date.parse(move.moving_since);
    console.log(`job ${move.phase}${move.error ? ` (${move.error})` : ""}: ${move.rows_copied} rows copied, ${move.rows_deleted} deleted (batch ${BATCH}) in ${secs(totalMs)} s over ${ticks} cron ticks of ${STEP_SECONDS} s back to back (${Math.round(move.rows_copied / (refusedMs / 1000))} rows/s copied)`);
    console.log(`writes refused from the mark to the switch: ${secs(refusedMs)} s, plus DIRECTORY_CACHE_SECONDS (60 deployed) of waiting for the isolates; deployed, the cron runs one tick a minute, so add ~40 s of idle minute per tick`);
  } else {
    const result = await moveAccount({ accountId, directory: env.DB, from: { shard: 1, db }, to: { shard: 2, db: shard(2) }, cacheSeconds: 0, graceMs: 0, batchRows: BATCH });
    console.log(`moved ${result.totalRows} rows (batch ${BATCH}) in ${secs(result.totalMs)} s: copy ${secs(result.copyMs)} s (${Math.round(result.totalRows / (result.copyMs / 1000))} rows/s), old rows deleted in ${secs(result.deleteMs)} s`);
    console.log(`writes refused from the mark to the switch: ${secs(result.refusedMs)} s, plus DIRECTORY_CACHE_SECONDS (60 deployed) of waiting for the isolates`);
  }
  console.log("after:", { source: await countRows(db, accountId), target: await countRows(shard(2), accountId) });
} finally {
  await dispose();
  rmSync(persist, { recursive: true, force: true });
}
