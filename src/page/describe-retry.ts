import { retryState } from "../reports/serialize";

/** What a temporary failure was, in the reader's words; a code without one here shows its stored message. */
const reasons: Record<string, string> = {
  timeout: "the site did not answer in time",
  connection_failed: "the site's server could not be reached",
  target_unavailable: "the site said it is unavailable right now",
};

/** "a few seconds", "about 40 seconds", "about 1 minute", "about 3 minutes". */
export function roughDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 10) return "a few seconds";
  if (seconds < 45) return `about ${Math.round(seconds / 5) * 5} seconds`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * A running report waiting for a retry, in one sentence: "Retrying: the site did not answer in time (attempt 2 of 5,
 * next in about 1 minute)". Null when it is not waiting for one: the page says it when the API does.
 */
export function describeRetry(row: Parameters<typeof retryState>[0], maxAttempts: number, now = Date.now()) {
  const { attempts, last_error, next_attempt_at } = retryState(row);
  if (!last_error || !next_attempt_at) return null;
  const reason = reasons[last_error.code] ?? (last_error.message || last_error.code).replace(/\.$/, "");
  const wait = Date.parse(next_attempt_at) - now;
  const when = wait > 0 ? `next in ${roughDuration(wait)}` : "starting now";
  return `Retrying: ${reason} (attempt ${(attempts ?? 0) + 1} of ${maxAttempts}, ${when})`;
}
