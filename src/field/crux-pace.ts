import { lt, sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { cruxQueries } from "../db/schema";

/**
 * The Chrome UX Report API allows 150 queries a minute per Google Cloud project, and every consumer of every isolate
 * shares the one key: the count lives in D1, one row per minute of the database's clock. Taking a query is one
 * statement (insert the minute or add one to it while under the budget), so two consumers can never both take the
 * last one.
 */

const minuteNow = sql`${dbNowMs} / 60000`;

/** Takes one of this minute's `perMinute` queries: true when taken, false when the minute's are used up. */
export async function takeCruxQuery(db: Db, perMinute: number): Promise<boolean> {
  const rows = await db
    .insert(cruxQueries)
    .values({ minute: minuteNow, used: 1 })
    .onConflictDoUpdate({ target: cruxQueries.minute, set: { used: sql`${cruxQueries.used} + 1` }, setWhere: sql`${cruxQueries.used} < ${perMinute}` })
    .returning({ used: cruxQueries.used });
  return rows.length > 0;
}

/** Past minutes count for nothing: the cron drops them. */
export const dropPastMinutes = (db: Db) => db.delete(cruxQueries).where(lt(cruxQueries.minute, sql`${minuteNow} - 1`));
