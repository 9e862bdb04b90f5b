// Page experience through the real path (docs/analysis.md "Page experience"): POST /api/v1/reports with render=1 and
// a device, the analysis queue, the BROWSER binding over this machine's Chromium with web-vitals from the Worker's
// assets, the metrics and the performance checks read back over the API. The planted pages are
// test/server/experience-routes.ts; what is asserted of their timings is what load on the machine cannot change.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { waitForReport } from "../../helpers/wait-report";

const url = (name: string) => `${env.PAGE_SERVER}/experience/${name}`;
const PERFORMANCE = ["largest_contentful_paint", "cumulative_layout_shift", "total_blocking_time", "page_weight"];

let caller: Caller;
beforeAll(async () => {
  caller = await createCaller("page experience");
});

async function audit(name: string, form: Record<string, string | number>) {
  const created = await call("/api/v1/reports", { key: caller.key, form: { url: url(name), ...form } });
  expect(created.status, created.text).toBe(201);
  const report = await waitForReport(caller.key, created.json.data.id, 60_000);
  expect(report.status, JSON.stringify(report.error)).toBe("completed");
  return report;
}

describe.skipIf(env.RENDERING === "false")("page experience in real Chromium, through the queue", () => {
  // First: it also starts the browser, which a page that loads for 3 s by design leaves no time for under load.
  it("a text page: nothing moves, light, its LCP the text; the figures are in metrics", async () => {
    const { metrics, results } = await audit("fast", { render: 1, device: "desktop" });
    expect(metrics.lcp_element.selector).toBe("body > main > p");
    expect(metrics.cls).toBe(0);
    expect(results.cumulative_layout_shift.passed).toBe(true);
    expect(results.page_weight).toMatchObject({ passed: true, value: { bytes: metrics.bytes, requests: 1 } });
    expect(metrics.bytes_by_type.document).toBeGreaterThan(1000);
    expect(metrics.fcp_ms).toBeGreaterThan(0);
    expect(metrics.ttfb_ms).toBeGreaterThanOrEqual(0);
    expect(metrics.dom_elements).toBeGreaterThanOrEqual(10);
  }, 90_000);

  it("a hero image that arrives after 2.8 s: LCP past 2.8 s on that image, failed; nothing moved", async () => {
    const report = await audit("late-hero", { render: 1, device: "desktop" });
    expect(report.device).toBe("desktop");
    const { metrics, results } = report;
    expect(metrics.device).toBe("desktop");
    expect(metrics.lcp_ms).toBeGreaterThanOrEqual(2800);
    expect(metrics.lcp_element.selector).toBe("body > main > img#hero");
    expect(metrics.lcp_element.snippet).toMatch(/^<img id="hero"/);
    expect(results.largest_contentful_paint).toMatchObject({ category: "performance", importance: "high", passed: false, value: { ms: metrics.lcp_ms, element: metrics.lcp_element } });
    expect(["needs_improvement", "poor"]).toContain(results.largest_contentful_paint.value.rating);
    expect(results.cumulative_layout_shift).toMatchObject({ passed: true, value: { score: 0, rating: "good" } });
    expect(metrics.bytes_by_type.image).toBeGreaterThan(20_000);
    expect(metrics.requests).toBeGreaterThanOrEqual(2);
    // The history keeps the generation's metrics.
    const history = await call(`/api/v1/reports/${report.id}/history`, { key: caller.key });
    expect(history.json.data[0].metrics).toEqual(metrics);
  }, 90_000);

  it("a banner that arrives late above the text: CLS poor, with the elements that moved", async () => {
    const { metrics, results } = await audit("late-banner", { render: 1, device: "desktop" });
    expect(metrics.cls).toBeGreaterThan(0.25);
    expect(results.cumulative_layout_shift).toMatchObject({ passed: false, value: { rating: "poor", score: metrics.cls } });
    const moved = results.cumulative_layout_shift.value.shifts.flatMap((shift: { elements: { selector: string }[] }) => shift.elements.map((e) => e.selector));
    expect(moved).toContain("body > main > p");
  }, 90_000);

  it("a 900 ms task after load: TBT poor, the task counted", async () => {
    const { metrics, results } = await audit("long-task", { render: 1, device: "desktop" });
    expect(metrics.longest_task_ms).toBeGreaterThanOrEqual(900);
    expect(metrics.tbt_ms).toBeGreaterThan(600);
    expect(results.total_blocking_time).toMatchObject({ passed: false, value: { rating: "poor", ms: metrics.tbt_ms } });
    expect(results.total_blocking_time.value.long_tasks).toBeGreaterThanOrEqual(1);
  }, 90_000);


  it("mobile (the default, Slow 4G and a 4x slower CPU) is slower than desktop on the same page; device is kept across regenerations", async () => {
    const mobile = await audit("late-hero", { render: 1 });
    expect(mobile.device).toBe("mobile");
    expect(mobile.metrics.device).toBe("mobile");
    const desktop = await call(`/api/v1/reports/${mobile.id}`, { method: "PATCH", key: caller.key, form: { device: "desktop", update: 1 } });
    expect(desktop.status, desktop.text).toBe(202);
    const first = await waitForReport(caller.key, mobile.id, 60_000);
    expect(first.metrics.device).toBe("desktop");
    expect(mobile.metrics.lcp_ms).toBeGreaterThan(first.metrics.lcp_ms);
    // A regeneration without `device` keeps desktop.
    const again = await call(`/api/v1/reports/${mobile.id}`, { method: "PUT", key: caller.key, form: { update: 1 } });
    expect(again.json.data.device).toBe("desktop");
    expect((await waitForReport(caller.key, mobile.id, 60_000)).metrics.device).toBe("desktop");
  }, 200_000);
});

describe("page experience without rendering", () => {
  it("the performance checks do not apply, saying they need render=1, and metrics is null", async () => {
    const { metrics, results, device } = await audit("fast", {});
    expect(device).toBe("mobile");
    expect(metrics).toBeNull();
    for (const id of PERFORMANCE) {
      expect(results[id], id).toMatchObject({ category: "performance", passed: true, applicable: false });
      expect(results[id].value.reason, id).toMatch(/needs render=1/);
    }
  });

  it("any device but mobile or desktop is a 422 naming the field", async () => {
    const bad = await call("/api/v1/reports", { key: caller.key, form: { url: url("fast"), device: "tablet" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.device).toEqual(["The device field must be one of mobile, desktop."]);
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: url("fast") } });
    const patched = await call(`/api/v1/reports/${created.json.data.id}`, { method: "PATCH", key: caller.key, form: { device: "phone" } });
    expect(patched.status).toBe(422);
  });
});
