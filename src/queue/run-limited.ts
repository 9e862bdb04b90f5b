/**
 * How many of a batch's analyses run at once (ANALYSIS_CONCURRENCY, default 2; below 1 or not a number means 2).
 * Each holds its page's HTML (up to 5 MB) until its turn at the DOM gate, so this bounds the isolate's heap.
 * In 1,000-report soaks the used / total heap peaked at 84-99 / 124-143 MB with 4 at once and 74 / 116 MB with 2,
 * at the same throughput (6.2-6.5 reports/s; docs/benchmarks.md).
 */
export function analysisConcurrency(env: { ANALYSIS_CONCURRENCY?: unknown }): number {
  const n = Math.floor(Number(env.ANALYSIS_CONCURRENCY));
  return n >= 1 ? n : 2;
}

/** Runs `work` over `items` with at most `limit` at once, in order of arrival; a throw rejects it as Promise.all would. */
export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
