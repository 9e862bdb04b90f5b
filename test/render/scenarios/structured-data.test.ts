// Structured data that script writes (docs/analysis.md, "Structured data"): with render=1 the structured-data checks
// read the page the browser built, through the real path (API, analysis queue, the BROWSER binding over Chromium).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { waitForReport } from "../../helpers/wait-report";

const url = () => `${env.PAGE_SERVER}/render/structured-data`;

let caller: Caller;
beforeAll(async () => {
  caller = await createCaller("structured data rendered");
});

async function report(render: 0 | 1) {
  const created = await call("/api/v1/reports", { key: caller.key, form: { url: url(), render } });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return waitForReport(caller.key, created.json.data.id, 40_000);
}

describe.skipIf(env.RENDERING === "false")("structured data written by script, in real Chromium", () => {
  it("is read from the rendered page: JSON-LD found, validated and judged for rich results", async () => {
    const rendered = await report(1);
    expect(rendered.status, JSON.stringify(rendered.error)).toBe("completed");
    const r = rendered.results;
    expect(r.structured_data).toMatchObject({ passed: true, value: { json_ld: ["Product"] } });
    expect(r.structured_data_valid).toMatchObject({
      passed: true,
      value: { release: "30.0", items: 2, errors: 0, tree: [{ at: "JSON-LD block 1 $", types: ["Product"], label: "Trail shoe" }] },
    });
    expect(r.rich_results.category).toBe("seo");
    expect(r.rich_results.passed).toBe(true);
    expect(r.rich_results.value.features.map((f: { feature: string; items: number; eligible: number }) => [f.feature, f.items, f.eligible])).toEqual([
      ["Product snippets", 1, 1],
      ["Merchant listings", 1, 1],
    ]);
  });

  it("is not in the raw page: without rendering the checks find none", async () => {
    const raw = await report(0);
    expect(raw.status).toBe("completed");
    expect(raw.results.structured_data.passed).toBe(false);
    expect(raw.results.structured_data_valid).toMatchObject({ passed: true, value: "no structured data" });
    expect(raw.results.rich_results).toMatchObject({ passed: true, value: "no structured data" });
  });
});
