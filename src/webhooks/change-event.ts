import type { SQL } from "drizzle-orm";
import { changeSeverities, type ChangeSeverity } from "../db/schema";
import { deliveryInsert } from "./emit-event";

/** A change event carries at most this many changes; `more` says how many were left off. */
export const MAX_EVENT_CHANGES = 20;

/** The changes an endpoint with this min_severity is sent, and how many more there were. */
export function changesFor<C extends { severity: ChangeSeverity }>(found: C[], min: ChangeSeverity) {
  const kept = found.filter((change) => changeSeverities.indexOf(change.severity) >= changeSeverities.indexOf(min));
  return { changes: kept.slice(0, MAX_EVENT_CHANGES), more: Math.max(0, kept.length - MAX_EVENT_CHANGES) };
}

/**
 * A change event (report.changed, project.changed) as one INSERT per min_severity: each endpoint gets the changes at
 * or above its own, and none when it has nothing at or above it. One eventKey for all: one delivery per endpoint.
 */
export function changeEventInserts<C extends { severity: ChangeSeverity }>(
  accountId: number,
  type: "report.changed" | "project.changed",
  data: Record<string, unknown>,
  found: C[],
  options: { eventKey: string; onlyIf?: SQL; now: Date },
): SQL[] {
  return changeSeverities.flatMap((minSeverity) => {
    const sent = changesFor(found, minSeverity);
    return sent.changes.length === 0 ? [] : [deliveryInsert(accountId, type, { ...data, ...sent }, { ...options, minSeverity })];
  });
}
