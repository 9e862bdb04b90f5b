// The app's drizzle over a node:sqlite file (a copy of local D1), for the bench scripts that run the app's own
// query functions outside workerd. `onQuery` sees every statement drizzle sends.
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import * as schema from "../src/db/schema";
import type { Db } from "../src/db/client";

type Method = "run" | "all" | "values" | "get";

export function nodeSqlite(file: string) {
  const sqlite = new DatabaseSync(file, { readOnly: true });
  const exec = (sql: string, params: unknown[], method: Method) => {
    const statement = sqlite.prepare(sql);
    statement.setReturnArrays(true);
    const args = params as SQLInputValue[];
    if (method === "run") return { rows: [statement.run(...args)] };
    // drizzle reads a missing row as `rows: undefined`.
    if (method === "get") return { rows: statement.get(...args) as unknown as unknown[] };
    return { rows: statement.all(...args) as unknown[] };
  };
  const dbWith = (onQuery?: (sql: string, params: unknown[]) => void) =>
    drizzle(
      async (sql, params, method) => (onQuery?.(sql, params), exec(sql, params, method)),
      async (queries) => queries.map((q) => (onQuery?.(q.sql, q.params), exec(q.sql, q.params, q.method))),
      // As src/db/client.ts builds it.
      { schema, casing: "snake_case" },
    ) as unknown as Db;
  return { sqlite, db: dbWith(), dbWith };
}
