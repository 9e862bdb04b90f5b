import { execFileSync } from "node:child_process";
import { localStateFlags, toolEnv } from "./local-tools.mjs";

/**
 * Runs SQL on a D1 database through wrangler (local state unless remote), returning the rows of each statement.
 * `binding` names the database (DB unless given: with shards, DB is shard 0 and, without DIRECTORY, the directory);
 * `config` a wrangler config other than wrangler.toml (the generated one of `--shards`).
 */
export function d1(sql, { remote = false, binding = "DB", config } = {}) {
  return d1Statements(sql, { remote, binding, config }).map((statement) => statement.results ?? []);
}

/** The same, with each statement's whole answer (its `meta`, whose `size_after` is the database's size in bytes). */
export function d1Statements(sql, { remote = false, binding = "DB", config } = {}) {
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", binding, ...(remote ? ["--remote"] : ["--local", ...localStateFlags()]), "--json", "--command", sql, ...(config ? ["--config", config] : [])],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: toolEnv() },
  );
  return JSON.parse(out);
}

export const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;
