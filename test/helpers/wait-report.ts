import { call } from "./api";

const FINISHED = new Set(["completed", "failed"]);

/**
 * Polls GET /api/v1/reports/{id} until the queue consumer has finished it (completed or failed) or `timeoutMs`
 * passes; returns the last report resource seen. Polls every 250 ms: well under the 240 a minute key limit.
 */
export async function waitForReport(key: string, id: number, timeoutMs = 20_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(`/api/v1/reports/${id}`, { key });
    if (res.status !== 200) throw new Error(`GET /api/v1/reports/${id} answered ${res.status}: ${res.text}`);
    if (FINISHED.has(res.json.data.status) || Date.now() > deadline) return res.json.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
