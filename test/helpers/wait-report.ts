import { call } from "./api";

const FINISHED = new Set(["completed", "failed"]);

/**
 * Polls GET /api/v1/reports/{id} until the queue consumer has finished it (completed or failed) or `timeoutMs`
 * passes; returns the last report resource seen. Polls every 250 ms: well under the 240 a minute key limit.
 */
export const waitForReport = (key: string, id: number, timeoutMs = 20_000) => waitUntilFinished(key, `/api/v1/reports/${id}`, FINISHED, timeoutMs);

/** Polls a resource every 250 ms until its status is one of `finished` or `timeoutMs` passes; returns the last seen. */
export async function waitUntilFinished(key: string, path: string, finished: Set<string>, timeoutMs: number): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(path, { key });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text}`);
    if (finished.has(res.json.data.status) || Date.now() > deadline) return res.json.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
