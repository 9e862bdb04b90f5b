// Field data through the real path (docs/analysis.md "Field data"): POST /api/v1/reports, the analysis queue, the
// Worker asking the local Chrome UX Report API (test/server/crux-api.ts, the documented request and answers) with the
// "field" project's key, the answer kept in D1, `core_web_vitals` read back over the API. Every test audits URLs of its
// own (the `t` query), so the API's request log counts exactly that test's queries.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { startCrawl, waitForCrawl } from "../../helpers/crawl";
import { waitForReport } from "../../helpers/wait-report";
import { cruxQueries } from "../../helpers/crux-queries";
import { CRUX_TEST_KEY } from "../../server/crux-api";

let caller: Caller;
beforeAll(async () => {
  caller = await createCaller("field data");
});
afterEach(async () => {
  await fetch(`${env.CRUX_API_ORIGIN}/__crux/key/reset`, { method: "POST" });
});

const page = (query: string, origin = env.PAGE_SERVER) => `${origin}/experience/fast?${query}`;

async function audit(url: string, form: Record<string, string | number> = {}) {
  const created = await call("/api/v1/reports", { key: caller.key, form: { url, ...form } });
  expect(created.status, created.text).toBe(201);
  const report = await waitForReport(caller.key, created.json.data.id, 30_000);
  expect(report.status, JSON.stringify(report.error)).toBe("completed");
  return report;
}

const queries = (tag: string) => cruxQueries(env.CRUX_API_ORIGIN, tag);
const originQueries = async (formFactor: string) => (await queries(env.PAGE_SERVER)).filter((q) => q.body.origin === env.PAGE_SERVER && q.body.formFactor === formFactor);

describe("core_web_vitals from the Chrome UX Report, through the queue", () => {
  it("asks for the URL with the documented request and reports its p75 assessment", async () => {
    const url = page("crux=good&t=url-data");
    const { id, results, score } = await audit(url, { privacy: 0 });
    expect(results.core_web_vitals).toEqual({
      category: "performance",
      importance: "high",
      passed: true,
      value: {
        source: "url",
        form_factor: "PHONE",
        collection_period: { first: "2026-10-26", last: "2026-11-22" },
        p75: { lcp_ms: 1800, inp_ms: 120, cls: 0.03, fcp_ms: 1100, ttfb_ms: 500 },
        ratings: { lcp: "good", inp: "good", cls: "good" },
        judged_on: ["lcp", "inp", "cls"],
      },
    });
    expect(score).toBeGreaterThan(0);
    const asked = await queries("t=url-data");
    expect(asked).toHaveLength(1);
    // The documented request: the key in the query string, {url, formFactor} in the body, nothing else.
    expect(asked[0]).toMatchObject({ key: CRUX_TEST_KEY, body: { url, formFactor: "PHONE" } });
    expect(Object.keys(asked[0]!.body).sort()).toEqual(["formFactor", "url"]);
    // The report page's "Page experience" shows the field p75 as gauges with the rating in words (not rendered: no lab part).
    const html = (await call(`/reports/${id}`)).text;
    expect(html).toContain('<h2 id="experience-heading">Page experience</h2>');
    expect(html).toContain("Real visitors");
    expect(html).not.toContain("In the lab");
    expect(html).toContain('aria-label="LCP 1.8 s: Good (good up to 2.5 s, poor over 4.0 s)"');
    expect(html).toContain('aria-label="INP 120 ms: Good (good up to 200 ms, poor over 500 ms)"');
    expect(html).toContain('aria-label="CLS 0.03: Good (good up to 0.1, poor over 0.25)"');
    expect(html).toContain("2026-10-26 to 2026-11-22");
    // History keeps the generation's field p75 beside the lab's metrics (none here: not rendered).
    const history = (await call(`/api/v1/reports/${id}/history`, { key: caller.key })).json.data;
    expect(history[0]).toMatchObject({
      metrics: null,
      field: { source: "url", form_factor: "PHONE", collection_period: { first: "2026-10-26", last: "2026-11-22" }, p75: { lcp_ms: 1800, inp_ms: 120, cls: 0.03, fcp_ms: 1100, ttfb_ms: 500 } },
    });
  });

  it("fails a page real visitors find slow, naming each vital past good", async () => {
    const { results } = await audit(page("crux=poor&t=poor"), { device: "desktop" });
    expect(results.core_web_vitals.passed).toBe(false);
    expect(results.core_web_vitals.value).toMatchObject({ form_factor: "DESKTOP", ratings: { lcp: "poor", inp: "needs_improvement", cls: "poor" } });
    expect(results.core_web_vitals.errors.field_vitals).toEqual({
      lcp: { p75: 4300, max: 2500, rating: "poor" },
      inp: { p75: 280, max: 200, rating: "needs_improvement" },
      cls: { p75: 0.31, max: 0.1, rating: "poor" },
    });
    // A desktop report asks for the DESKTOP form factor.
    expect((await queries("t=poor")).map((q) => q.body.formFactor)).toEqual(["DESKTOP"]);
  });

  it("judges on LCP and CLS when INP has no data", async () => {
    const { results } = await audit(page("crux=no-inp&t=no-inp"));
    expect(results.core_web_vitals).toMatchObject({ passed: true, value: { p75: { inp_ms: null }, ratings: { inp: null }, judged_on: ["lcp", "cls"] } });
  });

  it("a URL without data (404) is asked again as its origin; the origin's answer serves the next URL from D1", async () => {
    const first = await audit(page("t=origin-first"));
    expect(first.results.core_web_vitals).toMatchObject({ passed: true, value: { source: "origin", form_factor: "PHONE", p75: { lcp_ms: 2400, cls: 0.08 } } });
    const asked = await queries("t=origin-first");
    expect(asked.map((q) => q.body)).toEqual([{ url: page("t=origin-first"), formFactor: "PHONE" }]);
    expect(await originQueries("PHONE")).toHaveLength(1);
    // Another URL of the origin: its own URL is asked, the origin comes from the cache.
    const second = await audit(page("t=origin-second"));
    expect(second.results.core_web_vitals.value.source).toBe("origin");
    expect(await queries("t=origin-second")).toHaveLength(1);
    expect(await originQueries("PHONE")).toHaveLength(1);
  });

  it("no data for the URL nor its origin: not applicable, saying which", async () => {
    const { id, results } = await audit(page("t=no-data", env.OTHER_HOST));
    expect(results.core_web_vitals).toMatchObject({ passed: true, applicable: false, value: { field_data: "no_data" } });
    expect(results.core_web_vitals.value.reason).toContain(`nor its origin (${env.OTHER_HOST})`);
    expect((await queries(env.OTHER_HOST)).map((q) => Object.keys(q.body).find((k) => k !== "formFactor"))).toEqual(["url", "origin"]);
    // Nothing to keep in the history's `field`.
    expect((await call(`/api/v1/reports/${id}/history`, { key: caller.key })).json.data[0].field).toBeNull();
  });

  it("caches each answer for 24 hours, per URL and form factor, as the API's request count shows", async () => {
    const url = page("crux=good&t=cache");
    await audit(url);
    await audit(url);
    expect(await queries("t=cache")).toHaveLength(1);
    // Another form factor is another record.
    const desktop = await audit(url, { device: "desktop" });
    expect(desktop.results.core_web_vitals.value.form_factor).toBe("DESKTOP");
    expect((await queries("t=cache")).map((q) => q.body.formFactor)).toEqual(["PHONE", "DESKTOP"]);
    // A day later the answer is stale: asked again.
    await env.DB.prepare("UPDATE crux_records SET fetched_at = fetched_at - ? WHERE target = ? AND form_factor = 'PHONE'")
      .bind(24 * 60 * 60 * 1000 + 1000, `url:${url}`)
      .run();
    await audit(url);
    expect((await queries("t=cache")).map((q) => q.body.formFactor)).toEqual(["PHONE", "DESKTOP", "PHONE"]);
  });

  it("a refused key: the audit completes, the check says why without the key, and nothing is cached", async () => {
    await fetch(`${env.CRUX_API_ORIGIN}/__crux/key`, { method: "POST", body: JSON.stringify({ key: "another-project-key" }) });
    const url = page("crux=good&t=bad-key");
    const report = await audit(url);
    expect(report.results.core_web_vitals).toMatchObject({ passed: true, applicable: false, value: { field_data: "unavailable" } });
    expect(report.results.core_web_vitals.value.reason).toBe(
      "Field data unavailable: the Chrome UX Report query failed (HTTP 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.).",
    );
    // The key is nowhere in what the API serves, nor in any stored row.
    expect(JSON.stringify(report)).not.toContain(CRUX_TEST_KEY);
    const rows = await env.DB.prepare("SELECT * FROM crux_records").all();
    expect(JSON.stringify(rows.results)).not.toContain(CRUX_TEST_KEY);
    expect(rows.results.some((row) => String(row.target).includes("t=bad-key"))).toBe(false);
    // The key accepted again: the same URL is asked again, and answers.
    await fetch(`${env.CRUX_API_ORIGIN}/__crux/key/reset`, { method: "POST" });
    const again = await audit(url);
    expect(again.results.core_web_vitals.passed).toBe(true);
    expect(await queries("t=bad-key")).toHaveLength(2);
  });

  it("an API that does not answer in time: the audit completes within the query's deadline, the check says so", async () => {
    const startedAt = Date.now();
    const report = await audit(page("crux=hang&t=timeout"));
    expect(report.results.core_web_vitals).toMatchObject({ applicable: false, value: { field_data: "unavailable" } });
    expect(report.results.core_web_vitals.value.reason).toBe("Field data unavailable: the Chrome UX Report query failed (no answer within 1 s).");
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(await queries("t=timeout")).toHaveLength(1);
  });

  it("asks for the URL the redirects end at, not the one requested", async () => {
    const final = page("crux=good&t=final-url");
    const requested = `${env.PAGE_SERVER}/hostile/redirect?to=${encodeURIComponent(final)}`;
    const report = await audit(requested);
    expect(report.final_url).toBe(final);
    expect(report.results.core_web_vitals.value).toMatchObject({ source: "url", p75: { lcp_ms: 1800 } });
    // One query, for the final URL; none for the redirecting one.
    expect((await queries("t=final-url")).map((q) => q.body)).toEqual([{ url: final, formFactor: "PHONE" }]);
    expect(await queries("/hostile/redirect")).toEqual([]);
  });

  it.skipIf(env.RENDERING === "false")("a rendered report's page shows the lab's gauges and, beside them, the field's", async () => {
    const { id, metrics, results } = await audit(page("crux=poor&t=rendered"), { render: 1, device: "desktop", privacy: 0 });
    expect(metrics.device).toBe("desktop");
    expect(results.core_web_vitals.value.source).toBe("url");
    const html = (await call(`/reports/${id}`)).text;
    const section = html.slice(html.indexOf('<section class="experience"'), html.indexOf("</section>", html.indexOf('<section class="experience"')));
    // Lab first, then the field's part, in the one section.
    expect(section.indexOf("In the lab")).toBeGreaterThan(0);
    expect(section.indexOf("Real visitors")).toBeGreaterThan(section.indexOf("In the lab"));
    const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
    const labPart = section.slice(0, section.indexOf("Real visitors"));
    const fieldPart = section.slice(section.indexOf("Real visitors"));
    // The lab measured a fast text page (LCP good, nothing moved); real visitors found it poor (the "poor" record).
    expect(labPart).toContain(`aria-label="LCP ${seconds(metrics.lcp_ms)}: Good (good up to 2.5 s, poor over 4.0 s)"`);
    expect(labPart).toContain('aria-label="CLS 0: Good (good up to 0.1, poor over 0.25)"');
    expect(labPart).toContain(`aria-label="TBT ${seconds(metrics.tbt_ms)}: `);
    expect(labPart).toContain("Largest element: <code>body &gt; main &gt; p</code>");
    expect(fieldPart).toContain('aria-label="LCP 4.3 s: Poor (good up to 2.5 s, poor over 4.0 s)"');
    expect(fieldPart).toContain('aria-label="INP 280 ms: Needs improvement (good up to 200 ms, poor over 500 ms)"');
    expect(fieldPart).toContain('aria-label="CLS 0.31: Poor (good up to 0.1, poor over 0.25)"');
    expect(fieldPart).toContain("75th percentile of desktop visits to this page");
    // Its history entry keeps both: the lab's metrics and the field's p75.
    const [entry] = (await call(`/api/v1/reports/${id}/history`, { key: caller.key })).json.data;
    expect(entry.metrics).toEqual(metrics);
    expect(entry.field).toMatchObject({ source: "url", form_factor: "DESKTOP", p75: { lcp_ms: 4300, inp_ms: 280, cls: 0.31 } });
  }, 90_000);

  it("a crawl has its origin's field data, judged as a page's, from the answer the origin's pages share", async () => {
    // After the origin test above, the page server's origin (PHONE) is in D1: the crawl asks the API nothing for it.
    expect(await originQueries("PHONE")).toHaveLength(1);
    const started = await startCrawl(caller.key, { url: page("t=crawl"), limit: 1, privacy: 0 });
    expect(started.status, started.text).toBe(201);
    const crawl = await waitForCrawl(caller.key, started.json.data.id, 60_000);
    expect(crawl.status).toBe("completed");
    expect(crawl.field).toMatchObject({ passed: true, value: { source: "origin", form_factor: "PHONE", p75: { lcp_ms: 2400, inp_ms: 180, cls: 0.08 }, ratings: { lcp: "good", inp: "good", cls: "good" } } });
    expect(await originQueries("PHONE")).toHaveLength(1);
    // The crawl's page shows it: the origin's phone p75 as gauges, the rating in words.
    const html = (await call(`/crawls/${crawl.id}`)).text;
    expect(html).toContain('<h2 id="experience-heading">Page experience</h2>');
    expect(html).toContain("75th percentile of phone visits to this site (its origin)");
    expect(html).toContain('aria-label="LCP 2.4 s: Good (good up to 2.5 s, poor over 4.0 s)"');
    expect(html).toContain('aria-label="INP 180 ms: Good (good up to 200 ms, poor over 500 ms)"');
    expect(html).toContain('aria-label="CLS 0.08: Good (good up to 0.1, poor over 0.25)"');
    expect(html).toContain("<strong>LCP</strong> 2.4 s · Good");
  }, 90_000);
});
