import { execFileSync } from "node:child_process";

/** Runs SQL on the D1 database through wrangler (local state unless remote), returning the rows of each statement. */
export function d1(sql, { remote = false } = {}) {
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", remote ? "--remote" : "--local", "--json", "--command", sql],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" } },
  );
  return JSON.parse(out).map((statement) => statement.results ?? []);
}

export const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;
