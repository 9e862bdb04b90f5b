#!/usr/bin/env node
// npm run dev [-- --shards N]: migrate local D1 (every shard), mint a key on the one local development account and print
// it, then serve with `wrangler dev`. With --shards N the Worker binds DB (directory and shard 0) and DB_1 ... DB_{N-1}.
import { execFileSync, spawn } from "node:child_process";
import { createKey, findOrCreateAccount } from "./key.mjs";
import { localStateFlags, toolEnv } from "./local-tools.mjs";
import { NO_CHROMIUM, setupLocalBrowser } from "./setup-local-browser.mjs";
import { BASE_CONFIG, shardsFlag, writeShardsConfig } from "./shards.mjs";

const { shards, rest: args } = shardsFlag(process.argv.slice(2));
const config = shards === undefined ? BASE_CONFIG : writeShardsConfig(shards);
const portFlag = args.indexOf("--port");
const port = portFlag === -1 ? (process.env.PORT ?? "8787") : args[portFlag + 1];
const extra = portFlag === -1 ? args : args.filter((_, i) => i !== portFlag && i !== portFlag + 1);

execFileSync("tsx", ["scripts/migrate.mjs", ...(shards === undefined ? [] : ["--shards", String(shards)])], { stdio: "inherit", env: toolEnv() });
// Rendered audits use this machine's Chromium behind wrangler's local browser binding (docs/rendering.md); without
// one, rendering is off for this run, so render=1 gets the API's 422 instead of a browser that cannot start.
const { chromium } = setupLocalBrowser();
if (!chromium) console.warn(`\n${NO_CHROMIUM}\n  This run starts with RENDERING=false: render=1 answers 422.\n`);
// Every run mints a new key (a key is shown only once) on the same account, so earlier reports stay visible.
const ACCOUNT_NAME = "local development";
const { accountId, reports } = findOrCreateAccount(ACCOUNT_NAME, { config });
const { key } = createKey(`dev ${new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-")}`, { account: accountId, config });

console.log(`
Local API key (shown once): ${key}
Account ${accountId} "${ACCOUNT_NAME}" is kept across restarts: its ${reports} earlier report(s) are visible with this key,
and keys from earlier runs still work (npm run key -- list; npm run key -- revoke PREFIX).

  curl -s -X POST http://localhost:${port}/api/v1/reports \\
    -H "Authorization: Bearer ${key}" -H "Accept: application/json" \\
    --data-urlencode "url=https://example.com/"
`);

// Local dev audits sites on localhost too, so private targets are allowed here and only here.
const dev = spawn(
  "wrangler",
  // --test-scheduled: a local server runs no cron by itself; GET /__scheduled runs one tick (sweeps, schedules, moves).
  ["dev", "--port", port, "--test-scheduled", ...localStateFlags(), "--var", "ALLOW_PRIVATE_TARGETS:true", "--var", "REPORT_COOKIE_SECRET:local-dev-only-secret",
    "--var", "WEBHOOK_ENCRYPTION_KEY:local-dev-only-webhook-key", "--var", `PUBLIC_ORIGIN:http://localhost:${port}`,
    ...(chromium ? [] : ["--var", "RENDERING:false"]), ...(shards === undefined ? [] : ["--config", config]), ...extra],
  { stdio: "inherit", env: toolEnv() },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
