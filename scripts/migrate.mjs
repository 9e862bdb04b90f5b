#!/usr/bin/env node
// npm run migrate [-- --remote] [--shards N]: every migration on every D1 database the config binds (DB, DIRECTORY,
// DB_1 ...), then shard k's ids raised to its range (docs/operations.md "Past one database"). Run with tsx: the
// range statements come from src/db/shards.ts, the one place that knows them.
import { execFileSync } from "node:child_process";
import { shardSequenceStatements } from "../src/db/shards.ts";
import { d1 } from "./d1.mjs";
import { localStateFlags, toolEnv } from "./local-tools.mjs";
import { BASE_CONFIG, d1Bindings, shardOfBinding, shardsFlag, writeShardsConfig } from "./shards.mjs";

/** Migrates every database of `config`; returns the bindings migrated. */
export function migrateAll({ remote = false, config = BASE_CONFIG } = {}) {
  const bindings = d1Bindings(config);
  for (const binding of bindings) {
    execFileSync("wrangler", ["d1", "migrations", "apply", binding, ...(remote ? ["--remote"] : ["--local", ...localStateFlags()]), "--config", config], {
      stdio: "inherit",
      env: toolEnv(),
    });
    const shard = shardOfBinding(binding);
    const statements = shard === undefined ? [] : shardSequenceStatements(shard);
    if (statements.length > 0) d1(statements.join("; "), { remote, binding, config });
  }
  return bindings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { shards, rest } = shardsFlag(process.argv.slice(2));
  const remote = rest.includes("--remote");
  if (remote && shards !== undefined) throw new Error("--shards is for local databases; remote shards are the [[d1_databases]] of wrangler.toml");
  const config = shards === undefined ? BASE_CONFIG : writeShardsConfig(shards);
  const bindings = migrateAll({ remote, config });
  console.log(`migrated ${bindings.join(", ")} (${remote ? "remote" : "local"})`);
}
