import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FieldRecord, FormFactor } from "../analysis/types";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { cruxRecords } from "../db/schema";
import { CRUX_CACHE_MS, targetKey, type CruxTarget } from "./crux-record";

/** What the cache holds for a target: its record, `null` when CrUX had no data, `undefined` when nothing fresh is kept. */
export async function cachedAnswer(db: Db, target: CruxTarget, formFactor: FormFactor): Promise<FieldRecord | null | undefined> {
  const row = await db
    .select({ record: cruxRecords.record })
    .from(cruxRecords)
    .where(and(eq(cruxRecords.target, targetKey(target)), eq(cruxRecords.formFactor, formFactor), gt(cruxRecords.fetchedAt, sql`${dbNowMs} - ${CRUX_CACHE_MS}`)))
    .get();
  return row ? row.record : undefined;
}

/** Keeps an answer (a record, or null for CrUX's "no data") for a day; errors are never kept, so they are asked again. */
export const keepAnswer = (db: Db, target: CruxTarget, formFactor: FormFactor, record: FieldRecord | null) =>
  db
    .insert(cruxRecords)
    .values({ target: targetKey(target), formFactor, record, fetchedAt: dbNowMs })
    .onConflictDoUpdate({ target: [cruxRecords.target, cruxRecords.formFactor], set: { record, fetchedAt: dbNowMs } });

/** Answers past their day are only ever replaced, never read: the cron drops them so the table holds about a day's targets. */
export const dropStaleAnswers = (db: Db) => db.delete(cruxRecords).where(lt(cruxRecords.fetchedAt, sql`${dbNowMs} - ${CRUX_CACHE_MS}`));
