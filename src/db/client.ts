import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

/** The drizzle handle every query takes: over the database or over one request's D1 session. */
export type Db = DrizzleD1Database;

/**
 * Drizzle over D1 or over one D1 session. A plain D1Database always reaches the primary (the queue consumer and
 * the cron use it so); a session (`withSession`) may read from a replica. Drizzle only calls `prepare` and `batch`,
 * which a session has, but its types want a D1Database (drizzle-orm#4522), hence the cast. No schema is given: the
 * code writes its queries with the query builder and never uses drizzle's relational `db.query`, whose table map
 * drizzle would otherwise rebuild from the whole schema on every call (~0.25 ms: once per consumer batch, per request,
 * per database of a request).
 */
export const createDb = (d1: D1Database | D1DatabaseSession): Db =>
  drizzle(d1 as D1Database, { casing: "snake_case" });
