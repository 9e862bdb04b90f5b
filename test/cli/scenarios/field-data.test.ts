// Field data in the command line (docs/cli.md "Field data"): the built `pagegrade` with CRUX_API_KEY asks the local
// Chrome UX Report API (test/server/crux-api.ts, the documented request and answers) for each page, judges
// core_web_vitals, prints the p75 and holds them to --budget field_*. The crawl site's origin has no origin record and
// no other test asks CrUX about it, so the API's request log counts this file's queries.
import { describe, expect, inject, it } from "vitest";
import { cruxQueries } from "../../helpers/crux-queries";
import { CRUX_TEST_KEY } from "../../server/crux-api";
import { runCli } from "../run-cli";

const site = inject("crawlSite");
const crux = inject("cruxApi");
const env = { CRUX_API_KEY: CRUX_TEST_KEY, CRUX_API_ORIGIN: crux };

const queries = (tag: string) => cruxQueries(crux, tag);

describe("pagegrade with CRUX_API_KEY", () => {
  it("asks each page's URL, then its origin once for the run, and judges core_web_vitals", async () => {
    const urls = [`${site}/polite/p1?crux=good&t=cli-url`, `${site}/polite/p2?t=cli-origin-a`, `${site}/polite/p3?t=cli-origin-b`];
    const run = await runCli(["audit", ...urls, "--allow-private", "--concurrency", "1", "--format", "json"], { env });
    expect(run.code, run.stderr).toBe(0);
    const [withData, ...withoutData] = JSON.parse(run.stdout).data as { results: Record<string, any> }[];
    expect(withData!.results.core_web_vitals).toMatchObject({
      passed: true,
      value: { source: "url", form_factor: "PHONE", p75: { lcp_ms: 1800, inp_ms: 120, cls: 0.03 }, ratings: { lcp: "good", inp: "good", cls: "good" } },
    });
    for (const page of withoutData) expect(page.results.core_web_vitals).toMatchObject({ applicable: false, value: { field_data: "no_data" } });
    // The documented request, the key in its query string; the origin's "no data" kept for the run: asked once.
    expect((await queries("t=cli-url")).map((q) => [q.key, q.body])).toEqual([[CRUX_TEST_KEY, { url: urls[0], formFactor: "PHONE" }]]);
    expect((await queries("t=cli-origin-")).map((q) => q.body.url)).toEqual(urls.slice(1));
    expect((await queries(site)).filter((q) => q.body.origin === site)).toHaveLength(1);
    // The key is in no output.
    expect(run.stdout + run.stderr).not.toContain(CRUX_TEST_KEY);
  });

  it("prints the field p75 and fails a page over --budget field_*, passing one within it", async () => {
    const url = `${site}/polite/p4?crux=poor&t=cli-budget`;
    const over = await runCli(["audit", url, "--allow-private", "--budget", "field_lcp=4000,field_inp=300,field_cls=0.25"], { env });
    expect(over.code, over.stderr).toBe(1);
    expect(over.stdout).toContain("field (phone, this page, p75): LCP 4.3 s  INP 280 ms  CLS 0.31");
    expect(over.stdout).toContain("FAIL: field LCP p75 4300 ms is over 4000 ms; field CLS p75 0.31 is over 0.25");
    expect(over.stdout).not.toContain("field INP");
    const within = await runCli(["audit", url, "--allow-private", "--budget", "field_lcp=4500,field_inp=300,field_cls=0.4"], { env });
    expect(within.code, within.stdout).toBe(0);
    expect(within.stdout).toContain("PASS");
  });

  it("a page without field data fails a field budget, saying so", async () => {
    const run = await runCli(["audit", `${site}/polite/p5?t=cli-budget-none`, "--allow-private", "--budget", "field_lcp=2500"], { env });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("FAIL: no field data to hold to --budget (see core_web_vitals)");
  });
});

describe("pagegrade without CRUX_API_KEY", () => {
  it("asks nothing, core_web_vitals does not apply, and a field budget is a usage error", async () => {
    const url = `${site}/polite/p6?crux=good&t=cli-no-key`;
    const run = await runCli(["audit", url, "--allow-private", "--format", "json"], { env: { CRUX_API_ORIGIN: crux } });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data[0].results.core_web_vitals).toMatchObject({ applicable: false, value: { field_data: "no_key" } });
    const budgeted = await runCli(["audit", url, "--allow-private", "--budget", "field_lcp=2500"], { env: { CRUX_API_ORIGIN: crux } });
    expect(budgeted.code).toBe(2);
    expect(budgeted.stderr).toBe("pagegrade: --budget field_lcp, field_inp and field_cls need field data: set CRUX_API_KEY.\n");
    expect(await queries("t=cli-no-key")).toEqual([]);
  });
});
