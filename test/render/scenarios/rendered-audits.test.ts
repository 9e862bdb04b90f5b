// Rendered audits through the real path: POST /api/v1/reports (and /crawls) with render=1, the analysis queue, the
// BROWSER binding over this machine's Chromium (docs/rendering.md), the results read back over the API and in D1.
import puppeteer from "@cloudflare/puppeteer";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { crawlPagesOf, siteRequests, startCrawl, waitForCrawl } from "../../helpers/crawl";
import { waitForReport } from "../../helpers/wait-report";

const page = (path: string) => `${env.PAGE_SERVER}${path}`;

let caller: Caller;
beforeAll(async () => {
  caller = await createCaller("rendered audits");
});

async function renderedReport(path: string, key = caller.key) {
  const created = await call("/api/v1/reports", { key, form: { url: page(path), render: 1 } });
  expect(created.status).toBe(201);
  expect(created.json.data.render).toBe(1);
  return waitForReport(key, created.json.data.id, 40_000);
}

/** Reads until `ready` holds for what it read or 10 s pass (a close or disconnect shows up a moment later). */
async function readWhen<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sessionsWhen = (ready: (sessions: Awaited<ReturnType<typeof puppeteer.sessions>>) => boolean) =>
  readWhen(() => puppeteer.sessions(env.BROWSER), ready);

describe.skipIf(env.RENDERING === "false")("rendered audits in real Chromium, through the queue", () => {
  it("audits what script wrote: the rendered verdicts pass, the raw/rendered comparison fails with both values", async () => {
    const report = await renderedReport("/render/script-built");
    expect(report.status, JSON.stringify(report.error)).toBe("completed");
    const r = report.results;
    // The checks read the rendered page: title, description, canonical and h1 are there.
    expect(r.title.passed).toBe(true);
    expect(r.title.value).toBe("Walking shoes built by script");
    expect(r.meta_description.passed).toBe(true);
    expect(r.headings.passed).toBe(true);
    expect(r.canonical.passed).toBe(true);
    // ...and the comparison says script wrote them: in the rendered HTML only.
    expect(r.rendered_title).toMatchObject({ category: "rendering", passed: false, value: { raw: null, rendered: "Walking shoes built by script" } });
    expect(r.rendered_meta_description.passed).toBe(false);
    expect(r.rendered_meta_description.value.raw).toBeNull();
    expect(r.rendered_h1).toMatchObject({ passed: false, value: { raw: null, rendered: "Walking shoes" } });
    expect(r.rendered_canonical).toMatchObject({ passed: false, value: { raw: null, rendered: page("/render/script-built") } });
    expect(r.rendered_links.passed).toBe(false);
    expect(r.rendered_links.value).toEqual(["boots", "sandals", "trainers", "repairs", "contact"].map((p) => page(`/render/products/${p}`)));
    expect(r.rendered_content).toMatchObject({ passed: false, value: { in_raw_percent: 0 } });
    expect(r.script_errors.passed).toBe(true);
  });

  it("an ordinary static page passes every rendering check", async () => {
    const report = await renderedReport("/render/static");
    expect(report.status).toBe("completed");
    const rendering = Object.entries(report.results as Record<string, { category: string; passed: boolean }>).filter(([, v]) => v.category === "rendering");
    expect(rendering.map(([id]) => id).sort()).toEqual(
      ["rendered_canonical", "rendered_content", "rendered_h1", "rendered_links", "rendered_meta_description", "rendered_robots", "rendered_title", "script_errors"],
    );
    expect(rendering.filter(([, v]) => !v.passed)).toEqual([]);
  });

  it("catches a noindex that script removes", async () => {
    const report = await renderedReport("/render/noindex-removed");
    expect(report.status).toBe("completed");
    expect(report.results.rendered_robots.passed).toBe(false);
    expect(JSON.stringify(report.results.rendered_robots)).toContain("noindex");
  });

  it("records a page's uncaught error and console.error in script_errors", async () => {
    const report = await renderedReport("/render/throws");
    expect(report.status).toBe("completed");
    expect(report.results.script_errors.passed).toBe(false);
    const messages = report.results.script_errors.value as string[];
    expect(messages.some((m) => m.includes("render test boom"))).toBe(true);
    expect(messages).toContain("render test: something went wrong");
    // The browser's own request noise (a missing favicon) is not the page's error.
    expect(messages.some((m) => m.startsWith("Failed to load resource"))).toBe(false);
  });

  it("fails a page that never finishes loading at the render deadline, as a rendering failure", async () => {
    const started = Date.now();
    const report = await renderedReport("/render/never-finishes");
    expect(report.status).toBe("failed");
    expect(report.error.code).toBe("render_timeout");
    const deadlineMs = Number(env.RENDER_TIMEOUT_MS);
    expect(report.error.message).toContain(`did not finish loading in the browser within ${deadlineMs / 1000} s`);
    expect(Date.now() - started).toBeLessThan(deadlineMs + 19_000);
  });

  it("keeps render across regenerations until it is changed", async () => {
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: page("/render/static"), render: 1 } });
    const id = created.json.data.id;
    await waitForReport(caller.key, id, 40_000);
    const again = await call(`/api/v1/reports/${id}`, { method: "PUT", key: caller.key, form: { update: 1 } });
    expect(again.status).toBe(202);
    expect(again.json.data.render).toBe(1);
    const rerun = await waitForReport(caller.key, id, 40_000);
    expect(rerun.results.rendered_title).toBeDefined();
    const off = await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, form: { render: 0, update: 1 } });
    expect(off.json.data.render).toBe(0);
    const plain = await waitForReport(caller.key, id, 40_000);
    expect(plain.status).toBe("completed");
    expect(plain.results.rendered_title).toBeUndefined();
    const row = await env.DB.prepare("SELECT render FROM reports WHERE id = ?").bind(id).first<{ render: number }>();
    expect(row?.render).toBe(0);
  });

  it("renders a crawl of 10 script-built pages in one browser session, finding its pages by the rendered links", async () => {
    // Every link of the site is written by script: link discovery finds page 1..9 only in the rendered DOM (10 pages,
    // 3 clicks deep; ~3 s each as a throttled phone, one after another).
    const started = await startCrawl(caller.key, { url: page("/render/site/10/0"), source: "links", limit: 10, render: 1 });
    expect(started.status, started.text).toBe(201);
    expect(started.json.data.render).toBe(1);
    const crawl = await waitForCrawl(caller.key, started.json.data.id, 120_000);
    expect(crawl.status).toBe("completed");
    const pages = await crawlPagesOf(caller.key, crawl.id);
    expect(pages.filter((p) => p.state === "audited")).toHaveLength(10);
    // One browser for the 10 pages, closed when the crawl ended. The invocation that settles the last page closes it
    // just after the crawl shows completed, so the row lets go of it a moment later: polled, as the sessions are.
    const row = await readWhen(
      () =>
        env.DB.prepare("SELECT browser_launches, browser_session FROM crawls WHERE id = ?")
          .bind(crawl.id)
          .first<{ browser_launches: number; browser_session: string | null }>(),
      (r) => r?.browser_session === null,
    );
    expect(row).toEqual({ browser_launches: 1, browser_session: null });
    const one = await call(`/api/v1/reports/${pages.find((p) => p.url.endsWith("/render/site/10/7"))!.report}`, { key: caller.key });
    expect(one.json.data.results.title.value).toBe("Script-built site page 7 of 10");
  }, 150_000);

  it("two lone rendered reports in sequence launch one browser: the second invocation reuses the first's session", async () => {
    // Start with no browser at all: close whatever earlier tests left open.
    for (const { sessionId } of await puppeteer.sessions(env.BROWSER)) {
      await (await puppeteer.connect(env.BROWSER, sessionId).catch(() => null))?.close();
    }
    expect(await sessionsWhen((s) => s.length === 0)).toEqual([]);

    const first = await renderedReport("/render/static");
    expect(first.status, JSON.stringify(first.error)).toBe("completed");
    // The invocation disconnected instead of closing: its browser is still open. (The plugin's local binding keeps
    // listing a `connectionId` after a disconnect: docs/rendering.md.)
    const afterFirst = await puppeteer.sessions(env.BROWSER);
    expect(afterFirst).toHaveLength(1);

    // The report is completed just before its invocation lets go of the browser: reports in sequence, not overlapping.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Another account's report: same browser, its own incognito context (test/render/request-policy.test.ts).
    const other = await createCaller("rendered audits, second account");
    const second = await renderedReport("/render/script-built", other.key);
    expect(second.status, JSON.stringify(second.error)).toBe("completed");
    expect(second.results.title.value).toBe("Walking shoes built by script");
    // No second browser: the first one's session served it.
    const afterSecond = await puppeteer.sessions(env.BROWSER);
    expect(afterSecond.map((s) => s.sessionId)).toEqual([afterFirst[0]!.sessionId]);
  }, 90_000);
});

describe.skipIf(env.RENDERING === "false")("the rendered pages quota, through a browser-backed POST", () => {
  it("allows the Nth rendered report (audited in Chromium) and refuses the N+1th with 429 quota_exceeded naming rendered, creating nothing", async () => {
    const limited = await createCaller("rendered quota");
    await env.DB.prepare("UPDATE accounts SET quota_rendered = 1 WHERE id = ?").bind(limited.accountId).run();
    const now = new Date();
    const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    const first = await renderedReport("/render/script-built?rendered-quota=1", limited.key);
    expect(first.status, JSON.stringify(first.error)).toBe("completed");
    // Audited in the browser: the title script wrote is there.
    expect(first.results.rendered_title.value.rendered).toBe("Walking shoes built by script");
    const refused = await call("/api/v1/reports", { key: limited.key, form: { url: page("/render/script-built?rendered-quota=2"), render: 1 } });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json).toEqual({
      message: `The account's monthly quota of rendered pages is used up; it resets at ${resets}.`,
      status: 429,
      code: "quota_exceeded",
      counter: "rendered",
      resets_at: resets,
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").bind(limited.accountId).first<{ n: number }>();
    expect(count!.n).toBe(1);
    // The refused one counted nothing; a report without render still counts reports analysed only.
    const plain = await call("/api/v1/reports", { key: limited.key, form: { url: page("/render/static?rendered-quota=plain") } });
    expect(plain.status, plain.text).toBe(201);
    const usage = await call("/api/v1/usage", { key: limited.key });
    expect(usage.json.data).toMatchObject({ reports: { used: 2, limit: null }, rendered: { used: 1, limit: 1, resets_at: resets } });
    expect((await waitForReport(limited.key, plain.json.data.id)).status).toBe("completed");
    expect(await siteRequests("rendered-quota=2", env.PAGE_SERVER)).toEqual([]);
  });
});

describe("the render field", () => {
  it("is 0 unless asked, and anything but 0 or 1 is a 422 naming the field", async () => {
    const plain = await call("/api/v1/reports", { key: caller.key, form: { url: page("/render/static") } });
    expect(plain.json.data.render).toBe(0);
    for (const [path, form] of [
      ["/api/v1/reports", { url: page("/render/static"), render: 2 }],
      ["/api/v1/crawls", { url: page("/render/site/3/0"), render: "yes" }],
    ] as const) {
      const bad = await call(path, { key: caller.key, form });
      expect(bad.status).toBe(422);
      expect(bad.json.errors.render).toEqual(["The render field must be one of 0, 1."]);
    }
    const patched = await call(`/api/v1/reports/${plain.json.data.id}`, { method: "PATCH", key: caller.key, form: { render: 5 } });
    expect(patched.status).toBe(422);
    const fields = await call(`/api/v1/reports/${plain.json.data.id}?fields=render`, { key: caller.key });
    expect(fields.json.data).toEqual({ id: plain.json.data.id, render: 0 });
  });
});
