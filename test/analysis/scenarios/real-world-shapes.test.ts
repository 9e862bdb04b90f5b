import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzePage } from "../../../src/analysis/analyze";
import { analyzePage as analyzeWithEntry } from "../../../src/analysis/index";
import { analysisOptionsFromEnv } from "../../../src/config";
import { call, createCaller, type Caller } from "../../helpers/api";
import { insertReport } from "../../helpers/report-page";
import { waitForReport } from "../../helpers/wait-report";

const url = `${env.PAGE_SERVER}/fixtures/docs-built-locally.html`;

// A documentation page built on a laptop or CI runner: empty hrefs on the logo and the theme toggle, and the
// build folder as its canonical. Lighthouse passes its anchors; both fail its canonical, for different reasons.
describe("a documentation page built without its site URL, fetched from the page server", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("real-world-shapes");
  });

  it("passes crawlable_anchors (empty hrefs resolve to the page) and fails canonical as not_http", async () => {
    const outcome = await analyzePage(url, analysisOptionsFromEnv(env));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.results.crawlable_anchors).toMatchObject({ passed: true, value: { anchors: 10, uncrawlable: 0 } });
    expect(outcome.results.canonical).toEqual({
      category: "seo",
      importance: "medium",
      passed: false,
      value: ["file:///home/runner/work/example/site/configuration/index.html"],
      errors: { not_http: { href: "file:///home/runner/work/example/site/configuration/index.html", scheme: "file:" } },
    });
  });

  it("says why on the report page in plain words", async () => {
    const outcome = await analyzePage(url, analysisOptionsFromEnv(env));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const id = await insertReport(caller, { url, finalUrl: outcome.finalUrl, analysis: outcome });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    const item = res.text.slice(res.text.indexOf('id="check-canonical"'), res.text.indexOf("</li>", res.text.indexOf('id="check-canonical"')));
    expect(item).toContain("mark-fail");
    expect(item).toContain("The canonical URL uses file:, which search engines cannot follow; use an https:// URL.");
    const anchors = res.text.slice(res.text.indexOf('id="check-crawlable_anchors"'), res.text.indexOf("</li>", res.text.indexOf('id="check-crawlable_anchors"')));
    expect(anchors).toContain("mark-pass");
  });
});

// Blogger's templates mark every post as an item with itemprop and no item above it; the checks, the stored tree
// (the API's and the report page's) and the `pagegrade/analysis` entry all read it as a top-level item.
describe("a Blogger post, fetched from the page server", () => {
  const blogger = `${env.PAGE_SERVER}/fixtures/blogger-post.html`;
  const undefinedProperties = ['"image_url" is not a schema.org property', '"blogId" is not a schema.org property', '"postId" is not a schema.org property'];
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("blogger");
  });

  it("through the queue: the API's stored tree holds the post, its undefined properties are warnings, the report page shows them beside it", async () => {
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: blogger } });
    expect(created.status, created.text).toBe(201);
    const report = await waitForReport(caller.key, created.json.data.id, 40_000);
    expect(report.status, JSON.stringify(report.error)).toBe("completed");
    const valid = report.results.structured_data_valid;
    expect(valid.passed).toBe(true);
    expect(valid.value.warnings_listed.map((w: { message: string }) => w.message)).toEqual(undefinedProperties);
    expect(valid.value.tree).toEqual([
      expect.objectContaining({ syntax: "microdata", types: ["BlogPosting"], label: "Sowing broad beans in November", children: [expect.objectContaining({ property: "author", node: expect.objectContaining({ types: ["Person"], label: "Margaret Holt" }) })] }),
    ]);
    // Rich results reads it too: an Article item (BlogPosting is one).
    expect(report.results.rich_results.value.features).toEqual(expect.arrayContaining([expect.objectContaining({ feature: "Article", items: 1 })]));

    const page = await call(`/reports/${report.id}`);
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf('aria-labelledby="structured-data-heading"'));
    expect(section).toMatch(/<strong>BlogPosting<\/strong> · Sowing broad beans in November <code>/);
    const post = section.slice(0, section.indexOf('<span class="label">author</span>'));
    for (const message of undefinedProperties) expect(post).toContain(`<span class="label">Warning:</span> ${message.replace(/"/g, "&quot;")}.`);
  });

  it("through the pagegrade/analysis entry: the same item and warnings", async () => {
    const outcome = await analyzeWithEntry(blogger, { allowPrivateTargets: true });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const value = outcome.results.structured_data_valid!.value as { warnings_listed: { message: string }[]; tree: { types: string[] }[] };
    expect(value.warnings_listed.map((w) => w.message)).toEqual(undefinedProperties);
    expect(value.tree.map((node) => node.types)).toEqual([["BlogPosting"]]);
  });
});

// A recipe site's page: its sidebar's 53-entry ItemList is written before its own BlogPosting.
describe("a page with a long list before its main item, fetched from the page server", () => {
  const listFirst = `${env.PAGE_SERVER}/fixtures/list-before-article.html`;
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("list before article");
  });

  it("through the queue: the API's tree and the report page show both, and say how many entries they left out", async () => {
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: listFirst } });
    expect(created.status, created.text).toBe(201);
    const report = await waitForReport(caller.key, created.json.data.id, 40_000);
    expect(report.status, JSON.stringify(report.error)).toBe("completed");
    const value = report.results.structured_data_valid.value;
    expect(value.items).toBe(1 + 53 + 1 + 1);
    expect(value.tree).toEqual([
      expect.objectContaining({ types: ["ItemList"], label: "Our 53 best soups", omitted: 53 - 37 }),
      expect.objectContaining({ types: ["BlogPosting"], label: "Leek and potato soup, the proper way", children: [expect.objectContaining({ property: "author" })] }),
    ]);

    const page = await call(`/reports/${report.id}`);
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf('aria-labelledby="structured-data-heading"'));
    expect(section).toContain("The first 40 of 56 items.");
    expect(section).toMatch(/<strong>ItemList<\/strong> · Our 53 best soups <code>JSON-LD block 1 \$<\/code>/);
    expect(section).toContain("16 more nested items not shown.");
    expect(section).toMatch(/<strong>BlogPosting<\/strong> · Leek and potato soup, the proper way <code>JSON-LD block 2 \$<\/code>/);
  });
});
