import { execFileSync } from "node:child_process";
import { toolEnv } from "./local-tools.mjs";

/** Runs SQL on the D1 database through wrangler (local state unless remote), returning the rows of each statement. */
export function d1(sql, { remote = false } = {}) {
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", remote ? "--remote" : "--local", "--json", "--command", sql],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: toolEnv() },
  );
  return JSON.parse(out).map((statement) => statement.results ?? []);
}

export const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;
