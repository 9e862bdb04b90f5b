// The operator's move of an account as a job of the Worker (docs/operations.md "Moving one account"), as an operator
// runs it: `npm run account -- move ACCOUNT --to SHARD --job --wait` against a `wrangler dev` of three local shards,
// whose cron is driven through /__scheduled (every minute when deployed). `--remote` runs the same SQL on the
// deployed directory. The scripts keep their local state in a temporary directory (PAGEGRADE_LOCAL_STATE).
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shardOfId } from "../../src/db/shards";
import { startWranglerDev, type DevServer } from "../e2e/services";

const state = mkdtempSync(join(tmpdir(), "pagegrade-move-command-"));
const env = { ...process.env, PAGEGRADE_LOCAL_STATE: state, NO_COLOR: "1" };
const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
const page = (query: string) => `${inject("pageServer")}/fixtures/known-page.html?${query}`;

/** `npm run account -- ARGS` (its script, as npm runs it), to its end. */
function account(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // A command that outlives its test (a --wait whose move never ends) is killed, not left polling.
    execFile(tsx, ["scripts/account.mjs", ...args, "--shards", "3"], { env, timeout: 200_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, out: `${stdout}${stderr}` });
    });
  });
}

let dev: DevServer;
let key: string;
let accountId: number;

/**
 * `send` again when its 500 came with workerd's "database is locked" in the dev server's log, at most twice. Locally the
 * command's `wrangler d1 execute --local` is a second process opening the SQLite files `wrangler dev` holds, and a
 * statement of the Worker that meets that open fails with SQLITE_BUSY (workerd's SQLite waits for no lock; seen about
 * once in 300 cron runs beside a command reading in a loop). Deployed, the command goes through D1's API and nothing
 * else opens the files; any other 500 still fails the test.
 */
async function unlessLocked(send: () => Promise<Response>): Promise<Response> {
  const locks = () => (dev.output().match(/database is locked/g) ?? []).length;
  for (let attempt = 0; ; attempt++) {
    const seen = locks();
    const res = await send();
    if (res.status !== 500 || attempt === 2) return res;
    // The log comes through a pipe: give its line a moment to arrive.
    const until = Date.now() + 1000;
    while (locks() === seen && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    if (locks() === seen) return res;
  }
}

async function api(path: string, init: RequestInit = {}) {
  const res = await unlessLocked(() => fetch(`${dev.origin}${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, Accept: "application/json", ...init.headers } }));
  return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as any };
}
const createReport = (query: string) =>
  api("/api/v1/reports", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ url: page(query) }) });
/** What wrangler dev logged of errors, for an assertion's message (less its offline calls home to workers.cloudflare.com). */
const loggedErrors = () =>
  dev
    .output()
    .split("\n")
    .filter((line) => /error|failed/i.test(line) && !/ENOTFOUND/.test(line))
    .slice(-20)
    .join("\n");
/** One cron run of the local Worker. */
const tick = async () => {
  const res = await unlessLocked(() => fetch(`${dev.origin}/__scheduled?cron=*+*+*+*+*`));
  expect(res.status, res.status === 200 ? "" : loggedErrors()).toBe(200);
};

beforeAll(async () => {
  execFileSync(tsx, ["scripts/migrate.mjs", "--shards", "3"], { env, stdio: "ignore" });
  const created = execFileSync(tsx, ["scripts/key.mjs", "create", "--name", "mover", "--shards", "3"], { env, encoding: "utf8" });
  key = /(pg_[\w-]+)/.exec(created)![1]!;
  accountId = Number(/account (\d+)/.exec(created)![1]);
  // The directory cached for 1 s, so the move's two waits (the cache's seconds + 2 s) take 3 s each.
  dev = await startWranglerDev(state, { DIRECTORY_CACHE_SECONDS: "1" }, ["--config", "wrangler.shards.toml", "--test-scheduled"]);
});

afterAll(async () => {
  await dev?.stop();
  rmSync(state, { recursive: true, force: true });
});

async function completedReports(n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const made = await createReport(`r=${i}`);
    expect(made.status).toBe(201);
    ids.push(made.json.data.id);
  }
  for (const id of ids) await expect.poll(async () => (await api(`/api/v1/reports/${id}`)).json?.data?.status, { timeout: 30_000, interval: 300 }).toBe("completed");
  return ids;
}

/** Drives the cron while `running` (a command following a move) has not ended. */
async function tickUntilEnded<T>(running: Promise<T>, onTick: () => Promise<void> = async () => {}) {
  let ended = false;
  void running.then(() => (ended = true));
  const until = Date.now() + 180_000;
  while (!ended && Date.now() < until) {
    await tick();
    await onTick();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return running;
}

describe("npm run account -- move --job", () => {
  it("requests the move, the Worker's cron runs it, --wait follows it to done; writes 503 meanwhile, reads 200; the rows end on the target", async () => {
    const ids = await completedReports(2);
    expect(shardOfId(ids[0]!)).toBe(0);

    const following = account("move", String(accountId), "--to", "2", "--job", "--wait");
    const duringWrites: number[] = [];
    const duringReads: number[] = [];
    // Writes until one is refused, and a read a tick: well under the key's rate limit (240 a minute) however long it runs.
    const { code, out } = await tickUntilEnded(following, async () => {
      if (!duringWrites.includes(503)) duringWrites.push((await createReport("during")).status);
      duringReads.push((await api(`/api/v1/reports/${ids[0]}`)).status);
    });
    expect(out).toMatch(new RegExp(`Move \\d+ requested: account ${accountId}, shard 0 -> 2`));
    expect(out).toMatch(/: done \(\d+ rows copied, \d+ deleted/);
    expect(code).toBe(0);
    // Writes were refused (after the isolate saw the mark) and reads served throughout.
    expect(duringWrites).toContain(503);
    expect(duringReads.every((status) => status === 200)).toBe(true);

    const status = await account("move", String(accountId), "--status");
    expect(status.out).toMatch(/shard 0 -> 2: done/);
    // Every report, those accepted before the mark included, is read from its new shard; new ones are numbered there.
    for (const id of ids) expect((await api(`/api/v1/reports/${id}`)).status).toBe(200);
    const list = await api("/api/v1/reports?per_page=100");
    expect(list.status).toBe(200);
    const accepted = duringWrites.filter((s) => s === 201).length;
    expect(list.json.meta.total).toBe(ids.length + accepted);
    await expect.poll(async () => (await createReport("after")).status, { timeout: 10_000, interval: 500 }).toBe(201);
    const after = await api("/api/v1/reports?per_page=10");
    expect(after.status).toBe(200);
    expect(shardOfId(after.json.data[0].id)).toBe(2);
  });

  it("a move the job refuses (below a shard of the account's ids) ends failed with the reason; nothing changed", async () => {
    const following = account("move", String(accountId), "--to", "1", "--job", "--wait");
    const { code, out } = await tickUntilEnded(following);
    expect(code).toBe(1);
    expect(out).toMatch(/shard 2 -> 1: failed/);
    expect(out).toMatch(/reason: refused: /);
    await expect.poll(async () => (await createReport("still")).status, { timeout: 10_000, interval: 500 }).toBe(201);
  });

  it("--abort before the cron takes it: the request ends failed, aborted; a second request while one is open is refused", async () => {
    const requested = await account("move", String(accountId), "--to", "2", "--job");
    expect(requested.code).toBe(0);
    const again = await account("move", String(accountId), "--to", "2", "--job");
    expect(again.code).toBe(2);
    expect(again.out).toMatch(/is being moved already/);
    const aborted = await account("move", String(accountId), "--abort");
    expect(aborted.code).toBe(0);
    expect(aborted.out).toMatch(/abort requested/);
    await tick();
    const status = await account("move", String(accountId), "--status");
    expect(status.out).toMatch(/shard 2 -> 2: failed/);
    expect(status.out).toMatch(/reason: aborted by the operator/);
    const none = await account("move", String(accountId), "--abort");
    expect(none.code).toBe(2);
    expect(none.out).toMatch(/has no open move/);
  });
});
