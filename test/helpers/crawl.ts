import { env } from "cloudflare:workers";
import { call } from "./api";

const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** Polls GET /api/v1/crawls/{id} until the crawl has finished or `timeoutMs` passes; returns the last resource seen. */
export async function waitForCrawl(key: string, id: number, timeoutMs = 40_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(`/api/v1/crawls/${id}`, { key });
    if (res.status !== 200) throw new Error(`GET /api/v1/crawls/${id} answered ${res.status}: ${res.text}`);
    if (FINISHED.has(res.json.data.status) || Date.now() > deadline) return res.json.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts a crawl and returns the response. */
export const startCrawl = (key: string, form: Record<string, string | number>) => call("/api/v1/crawls", { key, form });

/** Every page of a crawl (all pages of the list). */
export async function crawlPagesOf(key: string, id: number) {
  const res = await call(`/api/v1/crawls/${id}/pages?per_page=100`, { key });
  if (res.status !== 200) throw new Error(res.text);
  return res.json.data as { url: string; state: string; depth: number; in_sitemap: boolean; report: number | null }[];
}

/** What the crawl site received, by path substring, with arrival times. */
export async function siteRequests(tag: string): Promise<{ url: string; at: number }[]> {
  const res = await fetch(`${env.CRAWL_SITE}/__requests?tag=${encodeURIComponent(tag)}`);
  return res.json();
}

export const site = (path: string) => `${env.CRAWL_SITE}${path}`;
