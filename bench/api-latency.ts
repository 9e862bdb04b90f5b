// Sequential GETs of one API path through a running worker, for the benches that print p50/p99 of a list.

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `requests` GETs of /api/v1{path}, keys rotated by `key()` (one key is rate limited): p50, p99 and the last body's size. */
export async function measureGet(base: string, key: () => string, path: string, requests: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1${path}`, { headers: { Authorization: `Bearer ${key()}`, Accept: "application/json" } });
    const body = await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { path, p50: percentile(times, 50), p99: percentile(times, 99), bytes };
}
