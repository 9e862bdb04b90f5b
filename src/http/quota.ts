import { refusedCounter, resetsAt, usageCounterNames, type UsageCounter } from "../accounts/usage";
import { ApiError } from "./errors";

/** The API's answer to a monthly quota used up: 429 `quota_exceeded`, naming the counter and when it resets. */
export function quotaExceeded(counter: UsageCounter, at = new Date()): ApiError {
  const resets = resetsAt(at);
  const wait = String(Math.max(1, Math.ceil((Date.parse(resets) - at.getTime()) / 1000)));
  return new ApiError(429, `The account's monthly quota of ${usageCounterNames[counter]} is used up; it resets at ${resets}.`, undefined, { "Retry-After": wait }, {
    code: "quota_exceeded",
    counter,
    resets_at: resets,
  });
}

/**
 * Runs a write whose batch counts usage (src/accounts/usage.ts `countUsage`): a counter's refusal rolled the whole
 * batch back, and becomes the 429; any other error is the write's own.
 */
export async function withinQuota<T>(write: Promise<T>, at = new Date()): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const counter = refusedCounter(error);
    if (counter) throw quotaExceeded(counter, at);
    throw error;
  }
}
