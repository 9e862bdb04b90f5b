/** docs/monitoring.md: waits after each failed attempt; after the last one the delivery is failed. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 86_400] as const;
const JITTER = 0.2;
const RETRY_AFTER_STATUSES = new Set([429, 502, 503, 504]);

/** Seconds until the next attempt after `attemptsMade` attempts, or null when the schedule is exhausted. */
export function nextDelaySeconds(
  attemptsMade: number,
  response: { status: number | null; retryAfter: string | null },
  random: () => number = Math.random,
): number | null {
  const step = RETRY_SCHEDULE_SECONDS[attemptsMade - 1];
  if (step === undefined) return null;
  const asked = response.status !== null && RETRY_AFTER_STATUSES.has(response.status) ? retryAfterSeconds(response.retryAfter) : null;
  // The receiver may slow us down, within reason: never sooner than the schedule, never later than twice it.
  if (asked !== null) return Math.min(Math.max(asked, step), 2 * step);
  return Math.round(step * (1 - JITTER + 2 * JITTER * random()));
}

/** Retry-After as seconds (a number, or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
