import { env } from "cloudflare:workers";
import type { Caller } from "./api";

/*
 * Crawl and page rows written straight into D1, for the tests of one src/crawls module at a time (the crawl's real
 * path is what the scenario tests drive through the API and the queues).
 */

export async function seedCrawl(caller: Caller, fields: { status?: string; url?: string; limit?: number; settlingAt?: string | null; source?: string } = {}) {
  const url = fields.url ?? "https://seeded.example/";
  const row = await env.DB.prepare(
    `INSERT INTO crawls (account_id, project, url, source, status, "limit", discovered_by, settling_at, interval_ms)
     VALUES (?, ?, ?, ?, ?, ?, 'sitemap', ?, 10) RETURNING id`,
  )
    .bind(caller.accountId, new URL(url).host, url, fields.source ?? "auto", fields.status ?? "running", fields.limit ?? 100, fields.settlingAt ?? null)
    .first<{ id: number }>();
  return row!.id;
}

export const addPage = (crawlId: number, url: string, state: string, more: { depth?: number; inSitemap?: boolean; linked?: boolean } = {}) =>
  env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state, depth, in_sitemap, linked) VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
    .bind(crawlId, url, state, more.depth ?? 0, more.inSitemap === false ? 0 : 1, more.linked ? 1 : 0)
    .first<{ id: number }>()
    .then((row) => row!.id);

export const pageRows = (crawlId: number) =>
  env.DB.prepare("SELECT id, url, state, depth, in_sitemap, linked, report_id, settled_at FROM crawl_pages WHERE crawl_id = ? ORDER BY id")
    .bind(crawlId)
    .all<Record<string, any>>()
    .then((r) => r.results);

export const crawlRow = (id: number) => env.DB.prepare("SELECT * FROM crawls WHERE id = ?").bind(id).first<Record<string, any>>();
