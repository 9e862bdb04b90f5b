import { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect({ casing: "snake_case" });

/**
 * A drizzle query or sql`` fragment as a D1 statement. drizzle's db.batch cannot take raw sql with
 * parameters, and a batch that mixes builders with INSERT ... SELECT ... RETURNING needs D1's own batch.
 */
export function toStatement(d1: D1Database, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query instanceof SQL ? dialect.sqlToQuery(query) : query.toSQL();
  return d1.prepare(sql).bind(...params);
}
