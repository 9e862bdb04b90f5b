import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, type Caller } from "./api";

/*
 * Reports through the two lanes, watched in D1 (test/queue/: consumer-lanes, host-probe, host-share): creating them,
 * waiting for them to end, and what the lanes remembered of their hosts.
 */

export type Row = { id: number; status: string; error_code: string | null; created_at: string; generated_at: string | null; updated_at: string };

export async function create(caller: Caller, url: string) {
  const res = await call("/api/v1/reports", { key: caller.key, form: { url } });
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as number;
}

/** Many reports at once are watched in D1 (the API's rate limit is for clients, not for a test's polling). */
export async function waitForRows(ids: number[], timeoutMs: number, onPoll?: () => Promise<void>): Promise<Row[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await onPoll?.();
    const { results } = await env.DB.prepare(
      `SELECT id, status, error_code, created_at, generated_at, updated_at FROM reports WHERE id IN (${ids.join(",")}) ORDER BY id`,
    ).all<Row>();
    if (results.every((r) => r.status === "completed" || r.status === "failed") || Date.now() > deadline) return results;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Requests the page server (or the one on another host) received whose path holds `tag`. */
export const requestsTagged = async (tag: string, origin: string = env.PAGE_SERVER) =>
  ((await (await fetch(`${origin}/__requests?tag=${tag}`)).json()) as { url: string }[]).length;

const nowMs = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";

/** Live slots of the host, in one lane or in both. */
export const hostSlots = async (host: string, lane?: "main" | "slow") =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM analysis_host_slots WHERE host = ?1 AND (?2 IS NULL OR lane = ?2) AND expires_at > ${nowMs}`)
    .bind(host, lane ?? null)
    .first<{ n: number }>())!.n;

export async function waitUntil(done: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until a report of the URL missed the first deadline and the URL is remembered as slow. */
export const waitForSlowUrl = (url: string) =>
  waitUntil(async () => !!(await env.DB.prepare(`SELECT 1 FROM analysis_slow_urls WHERE url = ? AND slow_until > ${nowMs}`).bind(url).first()), 5000);

/**
 * One page of the site analysed: the site has answered lately, so one slow URL of it is judged alone (a site that
 * answered nothing lately and has a slow URL is slow as a whole, docs/operations.md).
 */
export async function answerOnce(caller: Caller, origin: string) {
  const id = await create(caller, `${origin}/fixtures/known-page.html?answered=${Date.now()}`);
  expect((await waitForRows([id], 15_000))[0]!.status).toBe("completed");
}

