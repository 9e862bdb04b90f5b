import { sql } from "drizzle-orm";

/** The database's clock (ms) when the statement runs: a JS timestamp taken before the query would be stale. */
export const dbNowMs = sql<number>`CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
