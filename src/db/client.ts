import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The drizzle handle every query takes: over the database or over one request's D1 session. */
export type Db = DrizzleD1Database<typeof schema>;

/**
 * Drizzle over D1 or over one D1 session. A plain D1Database always reaches the primary (the queue consumer and
 * the cron use it so); a session (`withSession`) may read from a replica. Drizzle only calls `prepare` and `batch`,
 * which a session has, but its types want a D1Database (drizzle-orm#4522), hence the cast.
 */
export const createDb = (d1: D1Database | D1DatabaseSession): Db =>
  drizzle(d1 as D1Database, { schema, casing: "snake_case" });
