import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

const dialect = new SQLiteSyncDialect({ casing: "snake_case" });

/** A batch's results, one per statement, rows as D1 returns them. */
export type BatchResults = D1Result<Record<string, unknown>>[];

/** A raw `sql` statement or a drizzle query builder. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * The one way to run several statements as one atomic D1 batch when drizzle's db.batch cannot: it refuses raw
 * sql`` with bound parameters on D1, set-based INSERT ... SELECT / UPDATE ... RETURNING have no builder, and some
 * callers need D1's meta (rows read and written). It runs on whatever D1 the handle wraps (a request's session or
 * the database), so a request's session is never bypassed. Rows come back as D1 returns them.
 */
export function runBatch(db: Db, statements: Statement[]): Promise<BatchResults> {
  // drizzle keeps the D1 it was made over as $client; its public type does not say so.
  const d1 = (db as unknown as { $client: D1Database }).$client;
  return d1.batch(
    statements.map((statement) => {
      const query = "toSQL" in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}

/** Ids that the batch's INSERT ... RETURNING id statements returned, in order. */
export const returnedIds = (results: BatchResults) =>
  results.flatMap((result) => result.results.flatMap((row) => (typeof row.id === "number" ? [row.id] : [])));
