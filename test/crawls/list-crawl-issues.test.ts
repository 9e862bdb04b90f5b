import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { parseCsv } from "../helpers/csv";
import { callTool, mcpClient } from "../helpers/mcp";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";
import { checkInfo } from "../../src/site/issues/check-info";
import { asHtml } from "../helpers/html";
import { evolvePlan } from "../server/crawl-site";

const page = (name: string) => site(`/evolve/${name}`);
const urlsOf = (names: string[]) => names.map(page);
const switchTo = async (version: 1 | 2) => expect((await fetch(site(`/evolve/__version?v=${version}`))).status).toBe(200);
const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;

async function crawlVersion(caller: Caller, version: 1 | 2) {
  await switchTo(version);
  const res = await startCrawl(caller.key, { url: site("/evolve/sitemap.xml"), source: "sitemap" });
  expect(res.status, res.text).toBe(201);
  const crawl = await waitForCrawl(caller.key, res.json.data.id, 60_000);
  expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
  return crawl;
}

describe("a crawl's issues and the compare of two crawls of a site that changed between them", () => {
  let caller: Caller;
  let stranger: Caller;
  let first: Record<string, any>;
  let second: Record<string, any>;
  let hook: ReturnType<typeof hookUrl>;
  let secret: string;

  beforeAll(async () => {
    [caller, stranger] = await Promise.all([createCaller("issues"), createCaller("issues-stranger")]);
    hook = hookUrl("ok");
    secret = (await createEndpoint(caller, hook.url, ["crawl.completed"])).secret;
    first = await crawlVersion(caller, 1);
    second = await crawlVersion(caller, 2);
  }, 150_000);

  afterAll(() => switchTo(1));

  const issues = async (id: number, query = "", key = caller.key) => call(`/api/v1/crawls/${id}/issues${query}`, { key });

  it("counts exactly the planted pages of each check, with the registry's words, sorted by importance then pages", async () => {
    const res = await issues(first.id, "?per_page=100");
    expect(res.status, res.text).toBe(200);
    const rows = res.json.data as Record<string, any>[];
    const byCheck = new Map(rows.map((row) => [row.check, row]));
    for (const [check, names] of Object.entries(evolvePlan.v1)) {
      expect(byCheck.get(check), check).toMatchObject({ kind: "page", pages: names.length, share: names.length / 4, examples: urlsOf(names) });
    }
    expect(byCheck.get("meta_description")).toMatchObject({ category: "seo", importance: "high", title: expect.any(String), fix: expect.any(String) });
    for (const check of Object.keys(evolvePlan.v2)) expect(byCheck.has(check), check).toBe(false);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(rank[a.importance]! < rank[b.importance]! || (a.importance === b.importance && a.pages >= b.pages), `${a.check} before ${b.check}`).toBe(true);
    }
    expect(res.json.meta).toMatchObject({ total: rows.length, current_page: 1, per_page: 100 });
    // Stored compactly: one row per (check, page) failed, written as each page settled.
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM crawl_page_failures WHERE crawl_id = ?").bind(first.id).first<{ n: number }>();
    expect(stored!.n).toBe(rows.filter((r) => r.kind === "page").reduce((sum, r) => sum + r.pages, 0));
  });

  it("filters by importance, picks fields and paginates like every list", async () => {
    const res = await issues(first.id, "?importance=low&fields=pages&per_page=10");
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    for (const row of res.json.data) expect(Object.keys(row)).toEqual(["check", "pages"]);
    expect(res.json.data.map((r: any) => r.check)).toEqual(expect.arrayContaining(["deprecated_html_tags", "plaintext_email"]));
    expect((await issues(first.id, "?importance=urgent")).status).toBe(422);
  });

  it("lists one check's failing pages with their report's value and errors, with fields and as CSV", async () => {
    const res = await issues(second.id, "/image_alt");
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((r: any) => r.url)).toEqual(urlsOf(evolvePlan.v2.image_alt));
    expect(res.json.meta.total).toBe(2);
    for (const row of res.json.data) {
      const report = await call(`/api/v1/reports/${row.report}`, { key: caller.key });
      expect(report.json.data.url).toBe(row.url);
      const result = report.json.data.results.image_alt;
      expect(result.passed).toBe(false);
      expect(row).toEqual({ url: row.url, report: row.report, current: true, value: result.value, errors: result.errors });
      expect(row.errors).not.toBeNull();
    }
    const picked = await issues(second.id, "/image_alt?fields=errors&per_page=10&page=2");
    expect(picked.json.data).toEqual([]);
    expect(picked.json.meta).toMatchObject({ total: 2, current_page: 2, last_page: 1 });
    const first = await issues(second.id, "/image_alt?fields=errors");
    expect(first.json.data).toEqual(res.json.data.map((r: any) => ({ url: r.url, errors: r.errors })));
    const csv = await issues(second.id, "/image_alt?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(parseCsv(csv.text)).toEqual([
      ["url", "report", "current", "value", "errors"],
      ...res.json.data.map((r: any) => [r.url, String(r.report), "true", JSON.stringify(r.value), JSON.stringify(r.errors)]),
    ]);
  });

  it("leaves out the value and errors of a page whose report a later crawl regenerated", async () => {
    const res = await issues(first.id, "/deprecated_html_tags");
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([{ url: page("p1"), report: expect.any(Number), current: false, value: null, errors: null }]);
  });

  it("answers 404 for a check no registry knows, and an empty list for a site check that passed", async () => {
    expect((await issues(first.id, "/no_such_check")).status).toBe(404);
    const site = await issues(first.id, "/duplicate_titles");
    expect(site.status, site.text).toBe(200);
    expect(site.json.data).toEqual([]);
  });

  it("compares with the crawl before: three issues fixed, two new, pages added and removed, the score change", async () => {
    const res = await call(`/api/v1/crawls/${second.id}/compare`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    const data = res.json.data;
    expect(data.crawl).toBe(second.id);
    expect(data.with).toBe(first.id);
    expect([...data.issues.fixed].sort()).toEqual(Object.keys(evolvePlan.v1).sort());
    expect([...data.issues.new].sort()).toEqual(Object.keys(evolvePlan.v2).sort());
    const row = (check: string) => data.checks.find((r: any) => r.check === check);
    expect(row("meta_description")).toMatchObject({ new: 0, fixed: 2, remaining: 0, examples: { fixed: urlsOf(["p1", "p2"]) } });
    expect(row("plaintext_email")).toMatchObject({ new: 0, fixed: 1, remaining: 0 });
    expect(row("image_alt")).toMatchObject({ new: 2, fixed: 0, remaining: 0, examples: { new: urlsOf(["p2", "p5"]) } });
    expect(row("unsafe_cross_origin_links")).toMatchObject({ new: 1, fixed: 0, remaining: 0, examples: { new: urlsOf(["p1"]) } });
    expect(data.pages).toEqual({ added: { pages: 1, examples: urlsOf(["p5"]) }, removed: { pages: 1, examples: urlsOf(["p4"]) } });
    expect(data.score).toEqual({ from: first.score, to: second.score, change: second.score - first.score });
    const explicit = await call(`/api/v1/crawls/${second.id}/compare?with=${first.id}`, { key: caller.key });
    expect(explicit.json.data).toEqual(data);
  });

  it("refuses a compare without an earlier crawl (404) or with a crawl that is not the account's (422)", async () => {
    expect((await call(`/api/v1/crawls/${first.id}/compare`, { key: caller.key })).status).toBe(404);
    const foreign = await call(`/api/v1/crawls/${second.id}/compare?with=999999`, { key: caller.key });
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.json.errors.with).toBeDefined();
  });

  it("keeps another account out: its issues, a check's pages and the compare are 404", async () => {
    for (const path of [`/${second.id}/issues`, `/${second.id}/issues/meta_description`, `/${second.id}/compare`]) {
      const res = await call(`/api/v1/crawls${path}`, { key: stranger.key });
      expect(res.status, path).toBe(404);
    }
  });

  it("crawl.completed carries the compare summary (null for the first crawl)", async () => {
    const deliveries = await waitForWebhooks(hook.tag, 2);
    const events = deliveries.map((d) => new Webhook(secret).verify(d.body, d.headers) as any);
    const ofCrawl = (id: number) => events.find((e) => e.data.id === id)!.data;
    expect(ofCrawl(first.id).compare).toBeNull();
    const compare = await call(`/api/v1/crawls/${second.id}/compare`, { key: caller.key });
    // The summary is the compare without its rows, examples and changed pages: a few hundred bytes whatever the size.
    const { checks: _checks, changed: _changed, pages, detail, ...summary } = compare.json.data;
    expect(detail).toBe("pages");
    expect(ofCrawl(second.id).compare).toEqual({ ...summary, pages: { added: pages.added.pages, removed: pages.removed.pages } });
  });

  it("shows the compare stored at completion on the second crawl's page, and none on the first's", async () => {
    // The summary is stored just before crawl.completed is emitted: once both deliveries arrived, both crawls are settled.
    expect(await waitForWebhooks(hook.tag, 2)).toHaveLength(2);
    const before = await call(`/crawls/${first.id}`);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain("Since the last crawl");
    const res = await call(`/crawls/${second.id}`);
    expect(res.status).toBe(200);
    const start = res.text.indexOf('id="since-heading"');
    expect(start).toBeGreaterThan(0);
    const section = res.text.slice(start, res.text.indexOf("</section>", start));
    expect(section).toContain("Since the last crawl");
    expect(section).toContain(`href="/crawls/${first.id}"`);
    const { failures } = (await call(`/api/v1/crawls/${second.id}/compare`, { key: caller.key })).json.data;
    const counted = (label: string) => Number(new RegExp(`<strong>(-?\\d+)</strong>${label}<`).exec(section)?.[1]);
    expect(counted("checks newly failing")).toBe(2);
    expect(counted("checks fixed")).toBe(3);
    expect(counted("pages added")).toBe(1);
    expect(counted("pages removed")).toBe(1);
    expect(counted("new failures")).toBe(failures.new);
    expect(counted("failures fixed")).toBe(failures.fixed);
    expect(counted("failures remaining")).toBe(failures.remaining);
    expect(failures.new).toBeGreaterThan(0);
    const change = second.score - first.score;
    expect(section).toContain(`${first.score} → ${second.score} (${change > 0 ? "+" : ""}${change})`);
    // The checks by their titles: the two newly failing and the three fixed.
    for (const check of [...Object.keys(evolvePlan.v2), ...Object.keys(evolvePlan.v1)]) {
      expect(section).toContain(asHtml(checkInfo(check)!.title));
    }
  });

  describe("through MCP", () => {
    let client: Client;
    beforeAll(async () => void (client = await mcpClient(caller.key)));
    afterAll(() => client.close());

    it("list_crawl_issues gives the same rows as the API, filtered by importance", async () => {
      const result = await callTool(client, "list_crawl_issues", { id: first.id, importance: "high" });
      expect(result.isError).toBeFalsy();
      const api = await issues(first.id, "?importance=high&per_page=100");
      expect(result.structuredContent!.issues).toEqual(api.json.data);
      expect(result.structuredContent!.issues.map((r: any) => r.check)).toContain("meta_description");
    });

    it("compare_crawls gives the API's compare, and another account's crawl is an error", async () => {
      const result = await callTool(client, "compare_crawls", { id: second.id });
      expect(result.isError).toBeFalsy();
      const api = await call(`/api/v1/crawls/${second.id}/compare`, { key: caller.key });
      expect(result.structuredContent).toEqual(api.json.data);
      const other = await mcpClient(stranger.key);
      const refused = await callTool(other, "compare_crawls", { id: second.id });
      expect(refused.isError).toBe(true);
      await other.close();
    });
  });
});
