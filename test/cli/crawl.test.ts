import { XMLParser, XMLValidator } from "fast-xml-parser";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { siteChecks } from "../../src/site/checks/index";
import { hasScript, runCli, type CliRun } from "./run-cli";

const origin = inject("crawlSite");
const site = (path: string) => `${origin}${path}`;
const crawlArgs = ["crawl", site("/site/"), "--allow-private", "--interval-ms", "0"];

// The planted problems of test/server/crawl-site.ts, as the service's crawl test (test/crawls/scenarios/site-crawl.test.ts) finds them.
const planted = () => ({
  duplicate_titles: [{ value: "Same title", urls: [site("/site/a"), site("/site/b")] }],
  duplicate_meta_descriptions: [{ value: "Same description", urls: [site("/site/a"), site("/site/b")] }],
  duplicate_h1: [{ value: "Welcome", urls: [site("/site/a"), site("/site/d")] }],
  sitemap_non_200: [site("/site/missing"), site("/site/old")],
  sitemap_noindex: [site("/site/noindex")],
  sitemap_canonicalised: [site("/site/canonicalised"), site("/site/e")],
  sitemap_blocked: [site("/site/private/secret")],
  broken_internal_links: [{ url: site("/site/missing"), status: 404, linked_from: [site("/site/")] }],
  orphan_pages: [site("/site/orphan")],
  redirect_chains: [{ url: site("/site/old"), redirects: 2, final_url: site("/site/c") }],
  canonical_to_non_indexable: [{ url: site("/site/e"), canonical: site("/site/noindex"), status: 200, noindex: true }],
  hreflang_return_links: [{ url: site("/site/en"), alternate: site("/site/de") }],
  // The audited 404 and the URL only llms.txt lists, asked for during discovery.
  llms_txt_links: [site("/site/llms-gone"), site("/site/missing")],
});
// A page is counted in a check it fails, but an error page (the 404 /site/missing) only in http_status (docs/crawls.md "Error pages").
const countedIn = (page: { results: Record<string, { passed: boolean }> }, id: string) =>
  page.results[id]?.passed === false && (id === "http_status" || page.results.http_status!.passed);
const sortedIfStrings = (examples: unknown[]) => (examples.every((e) => typeof e === "string") ? [...examples].sort() : examples);

describe("pagegrade crawl of the local crawl site", () => {
  let json: CliRun;
  let report: Record<string, any>;

  beforeAll(async () => {
    json = await runCli([...crawlArgs, "--format", "json"]);
    report = JSON.parse(json.stdout);
  }, 60_000);

  it("audits every sitemap URL but the robots-disallowed one, with a report per page and nothing else on stdout", () => {
    expect(json.code, json.stderr).toBe(0);
    expect(report.site).toMatchObject({
      url: site("/site/"),
      source: "auto",
      discovered_by: "sitemap",
      pages: { found: 15, audited: 14, failed: 0, blocked: 1, skipped: 0 },
      truncated: false,
    });
    expect(report.site.result).toMatch(/^(good|decent|bad)$/);
    // The mean of the pages that answered 200: the 404 /site/missing is an error page, not scored (docs/crawls.md "Error pages").
    const answered = report.data.filter((page: { results: Record<string, { passed: boolean }> }) => page.results.http_status!.passed);
    expect(report.data.length - answered.length).toBe(1);
    const scores = answered.map((page: { score: number }) => page.score);
    expect(report.site.score).toBe(Math.round(scores.reduce((a: number, b: number) => a + b, 0) / scores.length));
    expect(report.data).toHaveLength(14);
    expect(report.data.map((page: { url: string }) => page.url)).not.toContain(site("/site/private/secret"));
    for (const page of report.data) expect(page).toMatchObject({ status: "completed", error: null });
  });

  it("flags every planted site problem with its exact URLs, as the service does", () => {
    const checks = report.site.site_checks;
    expect(Object.keys(checks)).toEqual(siteChecks.map((check) => check.id));
    for (const [id, examples] of Object.entries(planted())) {
      expect(checks[id], id).toMatchObject({ passed: false, applicable: true, count: examples.length });
      expect(sortedIfStrings(checks[id].examples), id).toEqual(examples);
    }
    // Every internal target is an audited page but the robots-disallowed one, which is never asked for.
    expect(checks.broken_internal_links.value).toEqual({ checked: 13, not_checked: 0, blocked: 1 });
    expect(checks.broken_external_links).toEqual({ passed: true, applicable: true, count: 0, examples: [], value: { checked: 0, not_checked: 0 } });
  });

  it("writes progress to stderr, a line per page when stderr is not a terminal", () => {
    const lines = json.stderr.trim().split("\n");
    expect(lines).toHaveLength(15);
    expect(lines).toContain(`[15/15] ${site("/site/e")} ${report.data.at(-1).score}/100`);
    expect(json.stderr).toContain(`${site("/site/private/secret")} blocked by robots.txt`);
  });

  it.skipIf(!hasScript)("on a terminal, rewrites one progress line in place and clears it before the result", async () => {
    // util-linux script gives the CLI a pseudo-terminal: stdout and stderr arrive together.
    const run = await runCli([...crawlArgs, "--limit", "3", "--source", "links", "--format", "json"], { tty: true });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`\r\x1b[2K[1/`);
    expect(run.stdout).toContain(`\r\x1b[2K[3/3] `);
    // The progress line is cleared, then the JSON follows alone.
    const result = run.stdout.slice(run.stdout.lastIndexOf("\r\x1b[2K") + 5);
    expect(JSON.parse(result).site.pages.audited).toBe(3);
  });

  it("puts the issues first in JUnit, a testcase per failing check listing its pages, then the site checks, then a testsuite per page", async () => {
    const run = await runCli([...crawlArgs, "--format", "junit", "--fail-on", "medium"]);
    expect(run.code, run.stderr).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase", "property"].includes(name) }).parse(run.stdout);
    const [issueSuite, siteSuite, ...pageSuites] = xml.testsuites.testsuite;
    expect(issueSuite.name).toBe(`issues: ${site("/site/")}`);
    // load_time is a timing of this machine, judged afresh in each run: on a loaded machine one run of the two may
    // find a page slow. Every other check's row must be the JSON run's, in the same order.
    const untimed = (checks: string[]) => checks.filter((check) => check !== "load_time");
    const junitChecks = issueSuite.testcase.map((c: { name: string }) => c.name);
    expect(untimed(junitChecks)).toEqual(untimed(report.site.issues.map((row: { check: string }) => row.check)));
    const failingPages = (id: string) => report.data.filter((page: any) => countedIn(page, id)).map((page: { url: string }) => page.url);
    for (const testcase of issueSuite.testcase.filter((c: { name: string }) => c.name !== "load_time")) {
      const row = report.site.issues.find((r: { check: string }) => r.check === testcase.name);
      const listed = testcase.failure["#text"].split("\n").filter((line: string) => line.startsWith("page: ")).map((line: string) => line.slice(6));
      if (row.kind === "page") expect(listed, row.check).toEqual(failingPages(row.check));
      expect(testcase.failure.message).toBe(row.title);
    }
    expect(siteSuite.name).toBe(`site checks: ${site("/site/")}`);
    expect(pageSuites.map((suite: { name: string }) => suite.name).sort()).toEqual(report.data.map((page: { url: string }) => page.url).sort());
    const cases = siteSuite.testcase;
    expect(cases.map((c: { name: string }) => c.name)).toEqual([...siteChecks.map((check) => check.id), "budget"]);
    for (const [id, examples] of Object.entries(planted())) {
      const testcase = cases.find((c: { name: string }) => c.name === id);
      expect(testcase.failure.message).toBe(siteChecks.find((check) => check.id === id)!.title);
      const listed = testcase.failure["#text"].split("\n").filter((line: string) => line.startsWith("example: ")).map((line: string) => JSON.parse(line.slice(9)));
      expect(sortedIfStrings(listed), id).toEqual(examples);
      expect(testcase.failure["#text"]).toContain(`count: ${examples.length}`);
    }
    const budget = cases.find((c: { name: string }) => c.name === "budget");
    // --fail-on medium counts the failed site checks of medium importance or above: all planted but llms_txt_links (low).
    expect(budget.failure.message).toBe("12 failed site checks");
    expect(Number(siteSuite.failures)).toBe(14);
  });

  it("--fail-on high fails the site only on a failed site check of high importance (broken_internal_links)", async () => {
    const run = await runCli([...crawlArgs, "--format", "json", "--fail-on", "high"]);
    const body = JSON.parse(run.stdout);
    expect(body.site.budget).toEqual({ passed: false, reasons: ["1 failed site check"] });
    // The pages themselves are served over http: their https check fails.
    expect(run.code).toBe(1);
  });

  it("--baseline: the same site again passes; a site check that passed there and fails now fails the run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pagegrade-crawl-"));
    const same = join(dir, "same.json");
    writeFileSync(same, json.stdout);
    const again = await runCli([...crawlArgs, "--baseline", same, "--fail-on", "low"]);
    expect(again.code, again.stdout).toBe(0);

    const edited = JSON.parse(json.stdout);
    edited.site.site_checks.orphan_pages = { passed: true, applicable: true, count: 0, examples: [] };
    const better = join(dir, "better.json");
    writeFileSync(better, JSON.stringify(edited));
    const worse = await runCli([...crawlArgs, "--baseline", better, "--format", "json"]);
    expect(worse.code).toBe(1);
    const body = JSON.parse(worse.stdout);
    expect(body.site.baseline).toEqual({ new_failures: ["orphan_pages"], fixed: [], worse: ["new failure: orphan_pages"] });
    expect(body.data.every((page: { budget: { passed: boolean } }) => page.budget.passed)).toBe(true);
  });

  it("follows links from the start URL with --source links, keeping to --limit", async () => {
    const run = await runCli(["crawl", site("/site/"), "--allow-private", "--interval-ms", "0", "--source", "links", "--limit", "5", "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body.site).toMatchObject({ discovered_by: "links", truncated: true });
    expect(body.site.pages.found).toBe(5);
    // Breadth first from the home page, in its link order.
    expect(body.data.map((page: { url: string }) => page.url)).toEqual([site("/site/"), site("/site/a"), site("/site/b"), site("/site/c"), site("/site/old")]);
  });

  it("--source auto (the default) reads the sitemap and follows the links: found_via, depth and not_in_sitemap as the service has them", async () => {
    const p = (name: string) => site(`/mixed/${name}`);
    const run = await runCli(["crawl", p("sitemap.xml"), "--allow-private", "--interval-ms", "0", "--format", "json"]);
    expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
    const body = JSON.parse(run.stdout);
    expect(body.site).toMatchObject({ source: "auto", discovered_by: "sitemap", truncated: false, pages: { found: 8, audited: 8 } });
    const seen = Object.fromEntries(body.site.crawl_pages.map((page: any) => [page.url, [page.found_via, page.depth]]));
    expect(seen).toEqual({
      [p("")]: ["both", 0],
      [p("a")]: ["both", 0],
      [p("orphan")]: ["sitemap", 0],
      [p("only")]: ["links", 1],
      [p("gone")]: ["links", 1],
      [p("moved")]: ["links", 1],
      [p("hidden")]: ["links", 1],
      [p("deep")]: ["links", 2],
    });
    expect(body.site.site_checks.not_in_sitemap).toEqual({ passed: false, applicable: true, count: 2, examples: [p("only"), p("deep")] });

    const sitemapOnly = JSON.parse((await runCli(["crawl", p("sitemap.xml"), "--allow-private", "--interval-ms", "0", "--source", "sitemap", "--format", "json"])).stdout);
    expect(sitemapOnly.site.crawl_pages.map((page: any) => [page.url, page.found_via])).toEqual([[p(""), "sitemap"], [p("a"), "sitemap"], [p("orphan"), "sitemap"]]);
    expect(sitemapOnly.site.site_checks.not_in_sitemap.applicable).toBe(false);
  });

  it("counts the issues across the pages as the service does: one row per failing check, sorted by importance then pages", () => {
    const rows = report.site.issues as { check: string; kind: string; importance: string; pages: number; share: number; examples: string[] }[];
    const https = rows.find((row) => row.check === "https")!;
    // Every page but the 404, which http_status counts: all 13 that answered 200, the pages a content check's share is of.
    expect(https).toMatchObject({ kind: "page", importance: "high", pages: 13, share: 1 });
    const answered = report.data.filter((page: { url: string }) => page.url !== site("/site/missing"));
    expect(https.examples).toEqual(answered.slice(0, 5).map((page: { url: string }) => page.url));
    expect(rows.find((row) => row.check === "http_status")).toMatchObject({ pages: 1, examples: [site("/site/missing")] });
    for (const row of rows.filter((r) => r.kind === "page")) {
      expect(row.pages, row.check).toBe(report.data.filter((page: any) => countedIn(page, row.check)).length);
    }
    expect(rows.find((row) => row.check === "orphan_pages")).toMatchObject({ kind: "site", pages: 1, examples: [site("/site/orphan")] });
    const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(rank[a.importance]! < rank[b.importance]! || (a.importance === b.importance && a.pages >= b.pages), `${a.check} before ${b.check}`).toBe(true);
    }
  });

  it("--baseline on a crawl fails only on new issues: a check a page newly fails, not a score drop", async () => {
    const edited = JSON.parse(json.stdout);
    const [first, second] = edited.data;
    const failing = Object.keys(first.results).find((id) => first.results[id].passed === false)!;
    first.results[failing].passed = true;
    second.score = 100;
    const dir = mkdtempSync(join(tmpdir(), "pagegrade-issues-"));
    const file = join(dir, "baseline.json");
    writeFileSync(file, JSON.stringify(edited));
    const run = await runCli([...crawlArgs, "--baseline", file, "--format", "json"]);
    expect(run.code, run.stderr).toBe(1);
    const body = JSON.parse(run.stdout);
    const failed = body.data.filter((page: { budget: { passed: boolean } }) => !page.budget.passed);
    expect(failed.map((page: any) => [page.url, page.budget.reasons])).toEqual([[first.url, [`new failure: ${failing}`]]]);
    expect(body.site.compare.failures).toMatchObject({ new: 1, fixed: 0 });
    expect(body.site.compare.pages).toEqual({ added: { pages: 0, examples: [] }, removed: { pages: 0, examples: [] } });
  });

  it("text and markdown lead with the issue table, then the site and its failed site checks", async () => {
    const text = await runCli(crawlArgs);
    expect(text.stdout).toMatch(/^Issues across 14 audited pages: \d+ failing checks\n  high  /);
    // Every page but the 404, which only http_status counts; the share is over the 13 pages that answered 200.
    expect(text.stdout).toMatch(/\n  high    https +13 pages \(100%\) +The page is served over HTTPS\n/);
    expect(text.stdout).toMatch(new RegExp(`\\n\\nSite ${site("/site/")} \\(pages found by sitemap\\)\\n  \\d+/100 \\w+  pages: 14 audited, 0 failed, 1 blocked by robots.txt  PASS`));
    expect(text.stdout).toContain(`  site    orphan_pages: `);
    expect(text.stdout).toContain(`          ${site("/site/orphan")}`);
    expect(text.stdout).toMatch(/14 pages: 14 meet the budget, 0 do not\. Site: 13 failed site checks, meets the budget\.\n$/);
    const markdown = await runCli([...crawlArgs, "--format", "markdown"]);
    expect(markdown.stdout).toContain("### Issues across 14 audited pages\n\n| Importance | Check | Pages | Share | Examples |");
    expect(markdown.stdout.indexOf("### Issues across")).toBeLessThan(markdown.stdout.indexOf("| Site check | Result | Examples |"));
    expect(markdown.stdout).toMatch(/\| high \| `https` [^|]+\| 13 \| 100% \|/);
    expect(markdown.stdout).toContain("| Site check | Result | Examples |");
    expect(markdown.stdout).toMatch(/\| `orphan_pages` \| ❌ 1 \| http:\/\/127\.0\.0\.1:\d+\/site\/orphan \|/);
  });

  it.each([
    [["crawl"], "Give the URL to crawl."],
    [["crawl", site("/a"), site("/b")], "Give one URL to crawl: its site is crawled."],
    [["crawl", site("/"), "--source", "feed"], '--source must be one of auto, sitemap, links, not "feed".'],
    [["crawl", site("/"), "--limit", "0"], "--limit must be a whole number from 1 to 100000"],
    [["crawl", site("/"), "--concurrency", "2"], "--concurrency is an option of pagegrade audit only."],
    [["audit", site("/"), "--limit", "2"], "--limit is an option of pagegrade crawl only."],
  ])("%j is a usage error", async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it("reads CRAWL_INTERVAL_MS from the environment for crawl only: malformed, it stops a crawl (exit 2) and not an audit", async () => {
    const env = { CRAWL_INTERVAL_MS: "soon" };
    const crawl = await runCli([...crawlArgs.slice(0, 3)], { env });
    expect(crawl.code).toBe(2);
    expect(crawl.stderr).toMatch(/^pagegrade: Invalid configuration: CRAWL_INTERVAL_MS must be .*\(got "soon"\)\n$/);
    const audit = await runCli(["audit", site("/site/a"), "--allow-private"], { env });
    expect(audit.code, audit.stderr).toBe(0);
  });

  it("a site with nothing to crawl is exit 3 with one line", async () => {
    const run = await runCli(["crawl", site("/bad/html.xml"), "--allow-private", "--interval-ms", "0", "--source", "sitemap"]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^pagegrade: http:\/\/127\.0\.0\.1:\d+\/bad\/html\.xml: .*\(\w+\)\n$/);
  });
});

describe("pagegrade crawl politeness", () => {
  it("waits robots.txt's Crawl-delay between fetches, over a shorter --interval-ms, and never fetches a disallowed page", async () => {
    const arrivals: { path: string; at: number }[] = [];
    const server = createServer((req, res) => {
      const path = req.url ?? "/";
      arrivals.push({ path, at: Date.now() });
      const origin = `http://${req.headers.host}`;
      if (path === "/robots.txt") return res.end("User-agent: *\nCrawl-delay: 1\nDisallow: /p/secret\n");
      if (path === "/sitemap.xml") {
        res.setHeader("content-type", "application/xml");
        const urls = ["/p/1", "/p/2", "/p/secret", "/p/3"].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
        return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      }
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html lang="en"><title>Polite page ${path}</title><h1>${path}</h1>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await runCli(["crawl", `${origin}/`, "--allow-private", "--interval-ms", "100", "--format", "json"]);
      expect(run.code, run.stderr).toBe(0);
      // The sitemap's URLs, then the start URL no sitemap lists (source auto follows links from it too).
      expect(JSON.parse(run.stdout).site.pages).toMatchObject({ audited: 4, blocked: 1 });
      expect(arrivals.map((a) => a.path)).not.toContain("/p/secret");
      // Every request after robots.txt (the probe, llms.txt, the sitemap, the pages) at least the Crawl-delay after the one before.
      const gaps = arrivals.slice(1).map((a, i) => a.at - arrivals[i]!.at);
      expect(arrivals.map((a) => a.path)).toEqual(["/robots.txt", expect.stringMatching(/^\/pagegrade-404-check-/), "/llms.txt", "/sitemap.xml", "/p/1", "/p/2", "/p/3", "/"]);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(990);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 30_000);
});

describe("pagegrade crawl's link checks, in process with the service's plan and bounds", () => {
  const links = (path: string) => site(`/links-cli/${path}`);
  const other = (path: string) => `${inject("otherHost")}${path}`;
  const sources = [links(""), links("a")];
  let checks: Record<string, any>;

  beforeAll(async () => {
    const run = await runCli(["crawl", links("sitemap.xml"), "--source", "sitemap", "--limit", "2", "--allow-private", "--interval-ms", "0", "--format", "json"], {
      env: { LINK_CHECK_LIMIT: "8", LINK_CHECK_PER_HOST: "2" },
    });
    // The broken links fail their checks: exit 1 below the budget is not asked for here, only the report.
    checks = JSON.parse(run.stdout).site.site_checks;
  }, 60_000);

  const withSortedSources = (example: { linked_from: string[] }) => ({ ...example, linked_from: [...example.linked_from].sort() });

  it("reports the unaudited internal targets that answer 404 (HEAD, GET when HEAD is refused), partly checked past LINK_CHECK_LIMIT", () => {
    expect(checks.broken_internal_links).toMatchObject({ passed: false, count: 3, partly_checked: true, value: { checked: 9, not_checked: 2, blocked: 1 } });
    expect(checks.broken_internal_links.examples.map(withSortedSources)).toEqual([
      { url: links("gone"), status: 404, linked_from: sources },
      { url: links("doc.pdf"), status: 404, linked_from: sources },
      { url: links("head-refused"), status: 404, linked_from: sources },
    ]);
  });

  it("reports the other host's 404 in broken_external_links, the target past LINK_CHECK_PER_HOST not checked", () => {
    expect(checks.broken_external_links).toMatchObject({ passed: false, count: 1, partly_checked: true, value: { checked: 2, not_checked: 1 } });
    expect(checks.broken_external_links.examples.map(withSortedSources)).toEqual([{ url: other("/ext/links-cli/gone"), status: 404, linked_from: sources }]);
  });
});

// test/server/sitemap-routes.ts: an RSS 2.0 and an Atom 1.0 feed at URLs that do not end in .xml.
describe("pagegrade crawl of a feed, read as the site's sitemap", () => {
  const pages = inject("pageServer");
  const fixture = (name: string) => `${pages}/fixtures/${name}.html`;

  it.each([
    ["feed/rss", [fixture("list-before-article"), fixture("blogger-post")], 1],
    ["feed/atom", [fixture("blogger-post"), fixture("known-page")], 0],
  ])("audits the pages of /sitemaps/%s as sitemap URLs", async (feed, urls, skipped) => {
    // Source sitemap: with auto the feed's pages would lead on to the fixtures they link to.
    const run = await runCli(["crawl", `${pages}/sitemaps/${feed}`, "--allow-private", "--interval-ms", "0", "--source", "sitemap", "--format", "json"]);
    expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
    const body = JSON.parse(run.stdout);
    expect(body.site).toMatchObject({ discovered_by: "sitemap", pages: { found: urls.length, audited: urls.length, failed: 0, skipped }, truncated: false });
    expect(body.site.crawl_pages.map((page: { url: string; found_via: string; state: string }) => [page.url, page.found_via, page.state])).toEqual(urls.map((url) => [url, "sitemap", "audited"]));
  }, 60_000);
});
