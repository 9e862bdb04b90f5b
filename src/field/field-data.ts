import type { Device } from "../analysis/lab-device";
import type { FieldFacts } from "../analysis/types";
import type { FieldSettings } from "../config";
import { createDb, type Db } from "../db/client";
import { directoryDatabase, unscoped } from "../db/shards";
import { cachedAnswer, dropStaleAnswers, keepAnswer } from "./crux-cache";
import { dropPastMinutes, takeCruxQuery } from "./crux-pace";
import { fieldSource, originField, type CruxStore, type FieldDataSource } from "./field-source";

/** The Worker's store: answers kept a day in D1 and queries counted there, shared by every consumer and isolate. */
const d1Store = (db: Db): CruxStore => ({
  cached: (target, formFactor) => cachedAnswer(db, target, formFactor),
  keep: (target, formFactor, record) => keepAnswer(db, target, formFactor, record),
  take: (perMinute) => takeCruxQuery(db, perMinute),
});

/**
 * Where the answers and the minute's queries are kept: the directory (`DB` when there is none), the one database
 * every consumer of every shard shares, so that the deployment, not each shard, stays under the API's budget and
 * an origin asked for one account's page is cached for all.
 */
export const fieldDatabase = (env: Env): Db => createDb(directoryDatabase(unscoped(env)));

/** The Worker's field data source (docs/analysis.md "Field data"): src/field/field-source.ts over D1. */
export const fieldDataSource = (db: Db, settings: FieldSettings): FieldDataSource => fieldSource(d1Store(db), settings);

/** A crawl's field data: its origin's record only, asked once when the crawl starts (docs/crawls.md). */
export const originFieldData = (db: Db, settings: FieldSettings, url: string, device: Device): Promise<FieldFacts> =>
  originField(d1Store(db), settings, url, device);

/**
 * The cron's tidying: past minutes' counts every run (a handful of rows); answers past their day once an hour, since
 * finding them reads the whole cache (about a day's audited URLs), which no index is kept for.
 */
export async function dropStaleFieldData(db: Db, scheduledTime: Date): Promise<void> {
  await dropPastMinutes(db);
  if (scheduledTime.getUTCMinutes() === 0) await dropStaleAnswers(db);
}
