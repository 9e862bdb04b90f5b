import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { checks } from "../../src/analysis/checks/index";
import { call, createCaller, type Caller } from "../helpers/api";

const points = { high: 10, medium: 5, low: 1 } as const;

/** Polls the API, as a client would, until the report is finished or the deadline passes. */
async function waitForReport(caller: Caller, id: number, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    const status = res.json?.data?.status;
    if (status === "completed" || status === "failed" || Date.now() > deadline) return res.json.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function create(caller: Caller, url: string) {
  const res = await call("/api/v1/reports", { key: caller.key, form: { url } });
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as number;
}

describe("a report goes through the real queue, from POST to a finished report", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("flow");
  });

  it("audits a known page into a completed report with every check and the exact score", async () => {
    const url = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const report = await waitForReport(caller, await create(caller, url));
    expect(report.status, JSON.stringify(report.error)).toBe("completed");
    expect(Object.keys(report.results).sort()).toEqual(checks.map((c) => c.id).sort());

    // The page is built to pass everything but what a plain-HTTP test server cannot give it.
    const failed = Object.entries(report.results as Record<string, { passed: boolean }>).filter(([, r]) => !r.passed).map(([id]) => id);
    expect(failed.sort()).toEqual(["https", "security_headers", "text_compression"]);
    // Not applicable on a plain-HTTP page without rendering (the page-experience checks too, and field data without CRUX_API_KEY), forms, structured data or a markdown version: left out of the score.
    const notApplicable = [
      "agent_accessibility_tree", "core_web_vitals", "cumulative_layout_shift", "hsts", "largest_contentful_paint", "markdown_for_agents", "mixed_content",
      "page_weight", "rich_results", "total_blocking_time", "webmcp_forms",
    ];
    const applicable = checks.filter((c) => !notApplicable.includes(c.id));
    const total = applicable.reduce((sum, c) => sum + points[c.importance], 0);
    const lost = points.high + points.high + points.low;
    expect(report.score).toBe(Math.round((100 * (total - lost)) / total));
    expect(report.result).toBe("good");
    expect(report.issues).toEqual({ high: 2, medium: 0, low: 1 });
    expect(report.final_url).toBe(url);
    // The schema.org table is no Worker script: the consumer read it as a static asset (ASSETS) to judge the Article.
    expect(report.results.structured_data_valid).toMatchObject({ passed: true, value: { release: "30.0", items: 1, errors: 0 } });
  });

  it("regenerates with update=1: a later generated_at and the same id, url and created_at", async () => {
    const id = await create(caller, `${env.PAGE_SERVER}/fixtures/known-page.html`);
    const first = await waitForReport(caller, id);
    expect(first.status).toBe("completed");
    await new Promise((r) => setTimeout(r, 10));
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { update: 1 } });
    expect(res.status).toBe(202);
    expect(res.json.data).toMatchObject({ status: "queued", score: first.score, results: first.results });
    const second = await waitForReport(caller, id);
    expect(second.status).toBe("completed");
    expect(Date.parse(second.generated_at)).toBeGreaterThan(Date.parse(first.generated_at));
    expect(second).toMatchObject({ id, url: first.url, created_at: first.created_at });
  });

  it.each([
    ["a 500 HTML page", "completed", null, "/hostile/status/500"],
    ["a non-HTML body", "failed", "not_html", "/hostile/type/png"],
    ["a redirect loop", "failed", "redirect_loop", "/hostile/loop/a"],
    ["a connection reset", "failed", "connection_failed", "/hostile/reset"],
    ["a server that hangs", "failed", "timeout", "/hostile/hang"],
    ["a 503 every time", "failed", "target_unavailable", "/hostile/status/503"],
  ])("ends %s as %s (%s), never stuck", async (_name, status, code, path) => {
    const report = await waitForReport(caller, await create(caller, `${env.PAGE_SERVER}${path}`), 28_000);
    expect(report.status).toBe(status);
    expect(report.error?.code ?? null).toBe(code);
    if (status === "completed") expect(report.results.http_status.passed).toBe(false);
  }, 30_000);

  it("fails a target that refuses connections", async () => {
    const closed = new URL(env.PAGE_SERVER);
    closed.port = "9";
    const report = await waitForReport(caller, await create(caller, `${closed.origin}/`), 28_000);
    expect(report.status).toBe("failed");
    expect(report.error.code).toBe("connection_failed");
  }, 30_000);
});
