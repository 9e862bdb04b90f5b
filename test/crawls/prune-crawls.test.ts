import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import worker from "../../src/index";
import { createDb } from "../../src/db/client";
import { pruneCrawls } from "../../src/crawls/prune-crawls";
import { checkInfo } from "../../src/site/issues/check-info";

// Isolated (vitest.config.ts): the cron prunes every account's crawls, so this file has a D1 of its own.
// CRAWL_HISTORY is 3 (the default): of one project's completed crawls, the newest three keep their page rows.

async function crawlOnce(caller: Caller) {
  const res = await startCrawl(caller.key, { url: site("/evolve/sitemap.xml"), source: "sitemap" });
  expect(res.status, res.text).toBe(201);
  const crawl = await waitForCrawl(caller.key, res.json.data.id, 60_000);
  expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
  return crawl as Record<string, any>;
}

const rowsOf = async (crawlId: number) => {
  const count = (table: string) => env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE crawl_id = ?`).bind(crawlId).first<{ n: number }>();
  const [pages, failures, links] = await Promise.all([count("crawl_pages"), count("crawl_page_failures"), count("crawl_links")]);
  return { pages: pages!.n, failures: failures!.n, links: links!.n };
};

const runCron = async () => {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
};

describe("pruning old crawls' page rows (CRAWL_HISTORY 3)", () => {
  let owner: Caller;
  let stranger: Caller;
  let theirs: Record<string, any>[];
  let ours: Record<string, any>[];
  const before = new Map<number, { crawl: Record<string, any>; issues: unknown[]; rows: Awaited<ReturnType<typeof rowsOf>> }>();
  let compareBefore: Record<string, any>;
  let reportsBefore: number;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createCaller("prune-owner"), createCaller("prune-stranger")]);
    // The stranger's two crawls of the same project come first: were history counted across accounts, they would be
    // the oldest of seven and pruned.
    theirs = [await crawlOnce(stranger), await crawlOnce(stranger)];
    ours = [];
    for (let i = 0; i < 5; i++) ours.push(await crawlOnce(owner));
    for (const crawl of [...theirs, ...ours]) {
      const key = theirs.includes(crawl) ? stranger.key : owner.key;
      const [shown, issues] = await Promise.all([call(`/api/v1/crawls/${crawl.id}`, { key }), call(`/api/v1/crawls/${crawl.id}/issues?per_page=100`, { key })]);
      expect(issues.status, issues.text).toBe(200);
      before.set(crawl.id, { crawl: shown.json.data, issues: issues.json.data, rows: await rowsOf(crawl.id) });
    }
    const compared = await call(`/api/v1/crawls/${ours[1]!.id}/compare?with=${ours[0]!.id}`, { key: owner.key });
    expect(compared.status, compared.text).toBe(200);
    compareBefore = compared.json.data;
    reportsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM reports").first<{ n: number }>())!.n;
  }, 240_000);

  it("keeps every row while a project has no more than CRAWL_HISTORY completed crawls, and its crawls say pruned_at null", async () => {
    for (const crawl of [...theirs, ...ours]) {
      expect(before.get(crawl.id)!.rows.pages, `crawl ${crawl.id}`).toBe(4);
      expect(before.get(crawl.id)!.crawl.pruned_at).toBeNull();
    }
    expect(before.get(ours[0]!.id)!.rows.failures).toBeGreaterThan(0);
    expect(compareBefore.detail).toBe("pages");
  });

  it("deletes in bounded batches, resumes on the next run, and answers from the summary from the first run on", async () => {
    const db = createDb(env.DB);
    const oldest = ours[0]!.id;
    const total = (id: number) => rowsOf(id).then((r) => r.pages + r.failures + r.links);
    const start = await total(oldest);
    // Two rows a statement, three statements a run (the summary is one): the first run deletes at most four rows.
    const first = await pruneCrawls(db, 3, { rows: 2, statements: 3 });
    expect(first.pruned).toBe(0);
    expect(first.deleted).toBeGreaterThan(0);
    expect(first.deleted).toBeLessThanOrEqual(4);
    expect(await total(oldest)).toBe(start - first.deleted);
    const pages = await call(`/api/v1/crawls/${oldest}/pages`, { key: owner.key });
    expect(pages.status, pages.text).toBe(410);
    expect(pages.json.message).toMatch(/pruned/);
    const issues = await call(`/api/v1/crawls/${oldest}/issues?per_page=100`, { key: owner.key });
    expect(issues.json.data).toEqual(before.get(oldest)!.issues);
    const second = await pruneCrawls(db, 3, { rows: 2, statements: 3 });
    expect(second.deleted).toBeGreaterThan(0);
    expect(second.deleted).toBeLessThanOrEqual(6);
    expect(await total(oldest)).toBe(start - first.deleted - second.deleted);
  });

  it("the cron removes the page rows of the crawls past the last three, and only those", async () => {
    await runCron();
    for (const crawl of ours.slice(0, 2)) expect(await rowsOf(crawl.id), `crawl ${crawl.id}`).toEqual({ pages: 0, failures: 0, links: 0 });
    for (const crawl of [...ours.slice(2), ...theirs]) expect(await rowsOf(crawl.id), `crawl ${crawl.id}`).toEqual(before.get(crawl.id)!.rows);
    // Reports are the account's, one per URL: none goes.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM reports").first<{ n: number }>())!.n).toBe(reportsBefore);
    // A run with nothing left to do deletes nothing.
    expect(await pruneCrawls(createDb(env.DB), 3)).toEqual({ pruned: 0, deleted: 0 });
  });

  it("a pruned crawl keeps its summary, page counts, site checks and issues; its page lists answer 410", async () => {
    for (const crawl of ours.slice(0, 2)) {
      const was = before.get(crawl.id)!;
      const shown = await call(`/api/v1/crawls/${crawl.id}`, { key: owner.key });
      expect(shown.status).toBe(200);
      const { pruned_at, ...rest } = shown.json.data;
      expect(pruned_at).toEqual(expect.any(String));
      const { pruned_at: _, ...wasRest } = was.crawl;
      expect(rest).toEqual(wasRest);
      const issues = await call(`/api/v1/crawls/${crawl.id}/issues?per_page=100`, { key: owner.key });
      expect(issues.status, issues.text).toBe(200);
      expect(issues.json.data).toEqual(was.issues);
      const rows = was.issues as { check: string; kind: string }[];
      const pageCheck = rows.find((r) => r.kind === "page")!.check;
      expect((await call(`/api/v1/crawls/${crawl.id}/issues/${pageCheck}`, { key: owner.key })).status).toBe(410);
      const siteCheck = rows.find((r) => r.kind === "site");
      if (siteCheck) expect((await call(`/api/v1/crawls/${crawl.id}/issues/${siteCheck.check}`, { key: owner.key })).status).toBe(200);
      expect((await call(`/api/v1/crawls/${crawl.id}/pages?format=csv`, { key: owner.key })).status).toBe(410);
    }
  });

  it("compares with a pruned crawl at the crawl level: per check counts before and now, the score, page detail null", async () => {
    const res = await call(`/api/v1/crawls/${ours[1]!.id}/compare?with=${ours[0]!.id}`, { key: owner.key });
    expect(res.status, res.text).toBe(200);
    const data = res.json.data;
    expect(data).toMatchObject({ detail: "crawl", score: compareBefore.score, issues: compareBefore.issues, pages: { added: null, removed: null } });
    expect(data.failures).toEqual({ new: null, fixed: null, remaining: null });
    expect(data.audited).toEqual({ before: before.get(ours[0]!.id)!.crawl.pages.audited, now: before.get(ours[1]!.id)!.crawl.pages.audited });
    const countOf = (issues: unknown[], check: string) => (issues as { check: string; pages: number }[]).find((r) => r.check === check)?.pages ?? 0;
    for (const row of data.checks as Record<string, any>[]) {
      expect(row.before, row.check).toBe(countOf(before.get(ours[0]!.id)!.issues, row.check));
      expect(row.now, row.check).toBe(countOf(before.get(ours[1]!.id)!.issues, row.check));
      if (checkInfo(row.check)?.kind === "page") expect(row).toMatchObject({ new: null, fixed: null, remaining: null });
    }
    expect(data.checks.map((r: any) => r.check).sort()).toEqual(compareBefore.checks.map((r: any) => r.check).sort());
    // Two kept crawls still compare page by page.
    const kept = await call(`/api/v1/crawls/${ours[4]!.id}/compare?with=${ours[3]!.id}`, { key: owner.key });
    expect(kept.json.data.detail).toBe("pages");
    expect(kept.json.data.pages.added).toEqual({ pages: 0, examples: [] });
  });

  it("the kept crawls and the other account's answer in full; the cron stored their issue summaries, which answer as the count did", async () => {
    for (const crawl of [...ours.slice(2), ...theirs]) {
      const row = await env.DB.prepare("SELECT issue_summary FROM crawls WHERE id = ?").bind(crawl.id).first<{ issue_summary: string | null }>();
      expect(row!.issue_summary, `crawl ${crawl.id}`).not.toBeNull();
      const key = theirs.includes(crawl) ? stranger.key : owner.key;
      expect((await call(`/api/v1/crawls/${crawl.id}/issues?per_page=100`, { key })).json.data).toEqual(before.get(crawl.id)!.issues);
    }
    for (const crawl of ours.slice(2)) {
      const pages = await call(`/api/v1/crawls/${crawl.id}/pages?per_page=100`, { key: owner.key });
      expect(pages.status, pages.text).toBe(200);
      expect(pages.json.meta.total).toBe(4);
    }
    for (const crawl of theirs) {
      const shown = await call(`/api/v1/crawls/${crawl.id}`, { key: stranger.key });
      expect(shown.json.data.pruned_at).toBeNull();
      expect((await call(`/api/v1/crawls/${crawl.id}/pages`, { key: stranger.key })).json.meta.total).toBe(4);
    }
  });
});
