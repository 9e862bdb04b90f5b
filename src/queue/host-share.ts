import { sql } from "drizzle-orm";
import { dbNowMs } from "../db/clock";
import type { Db } from "../db/client";
import { analysisHostSlots, analysisHostWaits } from "../db/schema";

/*
 * A host's slots of a lane shared between the accounts waiting for them (docs/operations.md "Per-host fairness"):
 * while other accounts wait for the host, an account holds at most ceil(cap / accounts), itself and the waiting ones
 * counted. Alone, an account may take every slot; once another waits, the first's slots pass to it as they free, so
 * one account's hanging URLs never hold every slot of a host another account's pages wait for. An account waits when
 * one of its messages found the host's slots taken; it is remembered for WAIT_REMEMBERED_MS, longer than the 2-4 s
 * its message spends in the queue before it asks again.
 */

const WAIT_REMEMBERED_MS = 10_000;

/** An account asking for a host's slot of a lane (a report's, src/queue/host-slots.ts). */
interface Asker {
  reportId: number;
  host: string;
  lane: (typeof analysisHostSlots.$inferSelect)["lane"];
  accountId: number;
}

/** The claim's account found the host's slots of its lane taken: it waits for them. */
export const markWaiting = (db: Db, { host, lane, accountId }: Omit<Asker, "reportId">) =>
  db
    .insert(analysisHostWaits)
    .values({ host, lane, accountId, until: sql`${dbNowMs} + ${WAIT_REMEMBERED_MS}` })
    .onConflictDoUpdate({
      target: [analysisHostWaits.host, analysisHostWaits.lane, analysisHostWaits.accountId],
      set: { until: sql`${dbNowMs} + ${WAIT_REMEMBERED_MS}` },
    });

/** The condition "the claim's account holds less than its share of the host's slots", for the claim's WHERE. */
export function withinShare({ reportId, host, lane, accountId }: Asker, cap: number) {
  const accounts = sql`(1 + (SELECT count(*) FROM ${analysisHostWaits}
    WHERE host = ${host} AND lane = ${lane} AND account_id != ${accountId} AND until > ${dbNowMs}))`;
  return sql`(SELECT count(*) FROM ${analysisHostSlots}
    WHERE host = ${host} AND lane = ${lane} AND account_id = ${accountId} AND expires_at > ${dbNowMs} AND report_id != ${reportId})
    < CAST((${cap} + ${accounts} - 1) / ${accounts} AS INTEGER)`;
}

/** Waits that stopped counting stay as rows until a cron tick removes them. */
export const dropEndedWaits = (db: Db) => db.delete(analysisHostWaits).where(sql`${analysisHostWaits.until} <= ${dbNowMs}`);
