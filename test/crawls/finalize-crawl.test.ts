import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { deliverMessage } from "../helpers/webhooks";

/*
 * The site checks read a crawl's pages in keyset batches of SITE_CHECK_BATCH (1,000 here: one batch for these
 * sites). Each planted site is crawled through the API, the queues and the local page server; then the same crawl is
 * finalised again by the crawl queue's `site_checks` job with SITE_CHECK_BATCH=2, and must say the same.
 */
const plantedSites: { name: string; form: Record<string, string | number> }[] = [
  // Duplicates, a 404, a redirect chain, noindex and canonicalised sitemap URLs, a blocked one, a broken internal
  // link, an orphan, canonical to noindex, a missing hreflang return link, llms.txt links that fail.
  { name: "site", form: { url: site("/site/") } },
  // Pages only links reach: not in the sitemap.
  { name: "mixed", form: { url: site("/mixed/sitemap.xml") } },
  // Broken internal targets the crawl did not audit (link checks), broken external links, robots-blocked targets.
  { name: "links", form: { url: site("/links-steps/sitemap.xml"), source: "sitemap", limit: 2 } },
];

const CRAWL_QUEUE = "pagegrade-crawl";

/** Puts the completed crawl back where its last page left it: claimed, settling, its checks not yet written. */
const reopen = (id: number) =>
  env.DB.prepare("UPDATE crawls SET status = 'running', settling_at = ?, finished_at = NULL, site_checks = NULL WHERE id = ?")
    .bind(new Date().toISOString(), id)
    .run();

describe("site checks give the same verdicts whether a crawl's pages are read in one batch or in batches of 2", () => {
  let caller: Caller;
  const runs: { name: string; once: Record<string, any>; issuesOnce: unknown; batched: Record<string, any>; issuesBatched: unknown }[] = [];

  const issuesOf = async (id: number) => {
    const res = await call(`/api/v1/crawls/${id}/issues?per_page=100`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  };
  const crawlOf = async (id: number) => (await call(`/api/v1/crawls/${id}`, { key: caller.key })).json.data;

  beforeAll(async () => {
    caller = await createCaller("site-check-batches");
    for (const planted of plantedSites) {
      const res = await startCrawl(caller.key, planted.form);
      expect(res.status, res.text).toBe(201);
      const once = await waitForCrawl(caller.key, res.json.data.id, 60_000);
      expect(once.status, JSON.stringify(once)).toBe("completed");
      const issuesOnce = await issuesOf(once.id);
      await reopen(once.id);
      const result = await deliverMessage(CRAWL_QUEUE, { kind: "site_checks", crawlId: once.id }, { SITE_CHECK_BATCH: "2" });
      expect(result.explicitAcks).toHaveLength(1);
      const batched = await crawlOf(once.id);
      expect(batched.status).toBe("completed");
      runs.push({ name: planted.name, once, issuesOnce, batched, issuesBatched: await issuesOf(once.id) });
    }
  }, 180_000);

  it("every site check fails on at least one planted site", () => {
    const failed = new Set(runs.flatMap((run) => Object.entries(run.once.site_checks).flatMap(([id, v]: [string, any]) => (v.passed === false ? [id] : []))));
    expect([...failed].sort()).toEqual(
      [
        "broken_external_links",
        "broken_internal_links",
        "canonical_to_non_indexable",
        "duplicate_h1",
        "duplicate_meta_descriptions",
        "duplicate_titles",
        "hreflang_return_links",
        "llms_txt_links",
        "not_in_sitemap",
        "orphan_pages",
        "redirect_chains",
        "sitemap_blocked",
        "sitemap_canonicalised",
        "sitemap_noindex",
        "sitemap_non_200",
      ].sort(),
    );
  });

  it("gives identical site checks, score and result in batches of 2", () => {
    for (const run of runs) {
      expect(run.batched.site_checks, run.name).toEqual(run.once.site_checks);
      expect({ score: run.batched.score, result: run.batched.result }, run.name).toEqual({ score: run.once.score, result: run.once.result });
    }
  });

  it("gives identical issue counts in the crawl's issues list", () => {
    for (const run of runs) {
      expect((run.issuesOnce as unknown[]).length, run.name).toBeGreaterThan(0);
      expect(run.issuesBatched, run.name).toEqual(run.issuesOnce);
    }
  });
});
