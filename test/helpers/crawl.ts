import { env } from "cloudflare:workers";
import { call } from "./api";
import { waitUntilFinished } from "./wait-report";

const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** Polls GET /api/v1/crawls/{id} until the crawl has finished or `timeoutMs` passes; returns the last resource seen. */
export const waitForCrawl = (key: string, id: number, timeoutMs = 40_000) => waitUntilFinished(key, `/api/v1/crawls/${id}`, FINISHED, timeoutMs);

/** Starts a crawl and returns the response. */
export const startCrawl = (key: string, form: Record<string, string | number>) => call("/api/v1/crawls", { key, form });

/** Every page of a crawl (all pages of the list). */
export async function crawlPagesOf(key: string, id: number) {
  const res = await call(`/api/v1/crawls/${id}/pages?per_page=100`, { key });
  if (res.status !== 200) throw new Error(res.text);
  return res.json.data as { url: string; state: string; depth: number; in_sitemap: boolean; found_via: string; report: number | null }[];
}

/** What the crawl site (or `origin`) received, by path substring, with arrival times. */
export async function siteRequests(tag: string, origin = env.CRAWL_SITE): Promise<{ url: string; at: number }[]> {
  const res = await fetch(`${origin}/__requests?tag=${encodeURIComponent(tag)}`);
  return res.json();
}

export const site = (path: string, origin = env.CRAWL_SITE) => `${origin}${path}`;
