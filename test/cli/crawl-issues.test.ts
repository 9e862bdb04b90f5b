import { XMLParser } from "fast-xml-parser";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROKEN_TARGETS, errorPageSiteRoutes, MISSING_DESCRIPTIONS, PLANTED_PAGES, plantedPath } from "../server/error-page-site";
import { startPageServer } from "../server/page-server";
import { runCli } from "./run-cli";

// The command line's crawl of the planted site of the service's test (test/crawls/scenarios/error-pages.test.ts), on
// a server of its own: the same counts, the error pages counted by http_status only, the same score rule, and the
// compare against its own earlier run as a baseline.
let site: Awaited<ReturnType<typeof startPageServer>>;
const url = (path: string) => `${site.origin}${path}`;
const dir = mkdtempSync(join(tmpdir(), "pagegrade-error-pages-"));
const crawl = async (extra: string[] = []) => {
  const run = await runCli(["crawl", url("/"), "--allow-private", "--interval-ms", "0", ...extra]);
  expect(run.stdout, run.stderr).not.toBe("");
  return run;
};

describe("pagegrade crawl of a site with error pages among its pages", () => {
  let before: Record<string, any>;
  let after: Record<string, any>;
  let junit: string;
  const missing = () => MISSING_DESCRIPTIONS.map((n) => url(plantedPath(n)));
  const errorPages = () => [url("/"), ...BROKEN_TARGETS.map(url)].sort();
  const contentPages = () => Array.from({ length: PLANTED_PAGES }, (_, i) => url(plantedPath(i + 1)));

  beforeAll(async () => {
    site = await startPageServer(0, errorPageSiteRoutes());
    const first = await crawl(["--format", "json"]);
    before = JSON.parse(first.stdout);
    junit = (await crawl(["--format", "junit"])).stdout;
    const baseline = join(dir, "before.json");
    writeFileSync(baseline, first.stdout);
    await fetch(url("/__descriptions?missing="));
    after = JSON.parse((await crawl(["--format", "json", "--baseline", baseline])).stdout);
  }, 240_000);

  afterAll(() => site.close());

  it("counts meta_description on the 6 pages that answered 200 without one, the 404s in http_status only", () => {
    expect(before.site.pages).toMatchObject({ found: 64, audited: 64, failed: 0 });
    // The 60 pages come from the RSS feed robots.txt names at /news/feed; the error pages from the start URL and links.
    expect(before.site.discovered_by).toBe("sitemap");
    expect(before.site.crawl_pages.filter((p: { in_sitemap: boolean }) => p.in_sitemap).map((p: { url: string }) => p.url)).toEqual(contentPages());
    const rows = new Map((before.site.issues as Record<string, any>[]).map((row) => [row.check, row]));
    expect(rows.get("meta_description")).toMatchObject({ kind: "page", pages: 6, examples: missing().slice(0, 5) });
    expect(rows.get("http_status")).toMatchObject({ kind: "page", pages: 4 });
    expect([...rows.get("http_status")!.examples].sort()).toEqual(errorPages());
    for (const [check, row] of rows) {
      if (check === "http_status" || row.kind === "site") continue;
      for (const example of row.examples) expect(errorPages(), `${check}: ${example}`).not.toContain(example);
    }
    expect(before.site.site_checks.broken_internal_links).toMatchObject({ passed: false, count: 3 });
  });

  it("scores the crawl over the pages that answered 200, as the service does", () => {
    const scores = new Map<string, number>(before.data.map((page: { url: string; score: number }) => [page.url, page.score]));
    const mean = (urls: string[]) => Math.round(urls.reduce((sum, u) => sum + scores.get(u)!, 0) / urls.length);
    expect(before.site.score).toBe(mean(contentPages()));
    expect(mean([...contentPages(), ...errorPages()])).toBeLessThan(before.site.score);
  });

  it("junit's issue testcase lists the 6 pages for meta_description, and the error pages under http_status", () => {
    const suites = new XMLParser({ ignoreAttributes: false }).parse(junit).testsuites.testsuite as Record<string, any>[];
    const issues = suites.find((suite) => String(suite["@_name"]).startsWith("issues:"))!;
    const cases = [issues.testcase].flat() as Record<string, any>[];
    const pagesOf = (check: string) =>
      String(cases.find((c) => c["@_name"] === check)!.failure["#text"])
        .split("\n")
        .filter((line) => line.startsWith("page: "))
        .map((line) => line.slice("page: ".length));
    expect(pagesOf("meta_description")).toEqual(missing());
    expect(pagesOf("http_status").sort()).toEqual(errorPages());
  });

  it("against the first run as baseline, after the fix: 6 fixed, 0 remaining; the error pages remain in http_status", () => {
    const row = (check: string) => after.site.compare.checks.find((r: { check: string }) => r.check === check);
    expect(row("meta_description")).toMatchObject({ new: 0, fixed: 6, remaining: 0, before: 6, now: 0 });
    expect(row("http_status")).toMatchObject({ new: 0, fixed: 0, remaining: 4 });
    expect(after.site.compare.issues.fixed).toContain("meta_description");
    expect(after.site.compare.score.from).toBe(before.site.score);
    // No page fails a check it did not fail before: the error pages bring no "new failure" of a content check.
    for (const page of after.data) expect(page.budget.reasons, page.url).toEqual([]);
  });
});
