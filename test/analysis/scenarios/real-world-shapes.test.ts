import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzePage } from "../../../src/analysis/analyze";
import { analysisOptionsFromEnv } from "../../../src/config";
import { call, createCaller, type Caller } from "../../helpers/api";
import { insertReport } from "../../helpers/report-page";

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
