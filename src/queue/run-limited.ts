/**
 * How many of a batch's analyses run at once (ANALYSIS_CONCURRENCY, default 4; below 1 or not a number means 4).
 * Each holds its page's HTML (up to 5 MB) until its turn at the DOM gate, so this bounds the isolate's heap:
 * in the soak's worst case (every page 5 MB) the used heap peaked at 105-139 MB with 5 at once, 94 MB with 4,
 * 70 MB with 1, for the same ~1 report/s (README "Measured").
 */
export function analysisConcurrency(env: { ANALYSIS_CONCURRENCY?: unknown }): number {
  const n = Math.floor(Number(env.ANALYSIS_CONCURRENCY));
  return n >= 1 ? n : 4;
}

/** Runs `work` over `items` with at most `limit` at once, in order of arrival; a throw rejects it as Promise.all would. */
export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
