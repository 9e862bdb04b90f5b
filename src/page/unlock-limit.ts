import { and, eq, gt, lte } from "drizzle-orm";
import { unlockAttempts } from "../db/schema";
import type { Db } from "../db/client";

export const MAX_WRONG_TRIES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** The client an attempt is counted against: Cloudflare's connecting IP, or "local" in dev and tests. */
export const unlockClient = (headers: Headers) => headers.get("cf-connecting-ip") ?? "local";

const recent = (reportId: number, client: string, nowMs: number) =>
  and(eq(unlockAttempts.reportId, reportId), eq(unlockAttempts.client, client), gt(unlockAttempts.createdAt, nowMs - WINDOW_MS));

/** Seconds until another try is allowed, or 0 while the client still has tries left. */
export async function unlockRetryAfter(db: Db, reportId: number, client: string, nowMs: number): Promise<number> {
  const rows = await db
    .select({ createdAt: unlockAttempts.createdAt })
    .from(unlockAttempts)
    .where(recent(reportId, client, nowMs))
    .orderBy(unlockAttempts.createdAt)
    .all();
  if (rows.length < MAX_WRONG_TRIES) return 0;
  // The window frees a try when the oldest of the last MAX_WRONG_TRIES attempts leaves it.
  const oldest = rows[rows.length - MAX_WRONG_TRIES]!.createdAt;
  return Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000));
}

/** Records a wrong password and forgets this client's attempts that are out of the window. */
export async function recordWrongTry(db: Db, reportId: number, client: string, nowMs: number) {
  await db.batch([
    db
      .delete(unlockAttempts)
      .where(and(eq(unlockAttempts.reportId, reportId), eq(unlockAttempts.client, client), lte(unlockAttempts.createdAt, nowMs - WINDOW_MS))),
    db.insert(unlockAttempts).values({ reportId, client, createdAt: nowMs }),
  ]);
}

