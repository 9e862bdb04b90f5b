import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

const dialect = new SQLiteSyncDialect({ casing: "snake_case" });

type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * One atomic D1 batch of raw `sql` statements and query builders. drizzle's own db.batch cannot take
 * db.run(sql`...`) with bound parameters on D1 (it looks for a prepared statement the raw query does not have),
 * and set-based INSERT ... SELECT / UPDATE ... RETURNING have no builder. Rows come back as D1 returns them.
 */
export function rawBatch(db: Db, statements: Statement[]): Promise<D1Result<Record<string, unknown>>[]> {
  const d1 = (db as unknown as { $client: D1Database }).$client;
  return d1.batch(
    statements.map((statement) => {
      const query = "toSQL" in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
