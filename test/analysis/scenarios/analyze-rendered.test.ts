import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzePage } from "../../../src/analysis/analyze";
import { allChecks } from "../../../src/analysis/checks/index";
import type { Renderer, RenderInit } from "../../../src/analysis/render-types";
import type { Page } from "../../../src/analysis/types";
import { analysisOptionsFromEnv } from "../../../src/config";

/**
 * How analyzePage uses what a browser returns: the raw page comes from the local page server, the "rendered" one
 * from a function standing in for the browser. Real rendering, in Chromium, is tested in test/cli/scenarios/render.test.ts.
 */
const origin = env.PAGE_SERVER;
const options = analysisOptionsFromEnv(env);
const rawUrl = `${origin}/render/noindex-removed`;

const returning =
  (html: string, extra: Partial<{ errors: string[]; finalUrl: string }> = {}): Renderer & { calls: RenderInit[] } => {
    const calls: RenderInit[] = [];
    const renderer = async (url: string, init: RenderInit) => {
      calls.push(init);
      return { ok: true as const, html, finalUrl: extra.finalUrl ?? url, errors: extra.errors ?? [], failedRequests: 0, blockedRequests: 0, browserMs: 5 };
    };
    return Object.assign(renderer, { calls });
  };

describe("analyzePage with a renderer", () => {
  it("runs every check on the rendered page except the response-level ones, and adds the rendering category", async () => {
    // No doctype and no noindex in the "rendered" HTML: doctype keeps reading the raw response, which has one.
    const render = returning("<html><head><title>Rendered title for the test</title></head><body><h1>Hi</h1></body></html>");
    let seen: Page | undefined;
    const outcome = await analyzePage(rawUrl, { ...options, render, renderHeaders: { authorization: "x" }, renderTimeoutMs: 4321, onPage: (p) => (seen = p) });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(Object.keys(outcome.results)).toEqual(allChecks.map((c) => c.id));
    expect(outcome.results.doctype!.passed).toBe(true);
    expect(outcome.results.title!.value).toBe("Rendered title for the test");
    expect(outcome.results.indexable!.passed).toBe(true);
    expect(outcome.results.rendered_robots).toMatchObject({ passed: false, errors: { noindex_removed_by_script: true } });
    expect(outcome.results.rendered_title).toMatchObject({
      passed: false,
      value: { raw: "A page whose script removes noindex", rendered: "Rendered title for the test" },
    });
    expect(seen?.html).toContain("Rendered title for the test");
    expect(render.calls).toEqual([
      { allowPrivateTargets: options.allowPrivateTargets, timeoutMs: 4321, maxBytes: options.maxBytes, headers: { authorization: "x" }, device: "mobile" },
    ]);
  });

  it("fails the analysis with the renderer's own failure", async () => {
    const render: Renderer = async () => ({ ok: false, code: "render_timeout", message: "The page did not finish loading in the browser within 20 s.", temporary: false });
    expect(await analyzePage(rawUrl, { ...options, render })).toEqual({
      ok: false,
      code: "render_timeout",
      message: "The page did not finish loading in the browser within 20 s.",
      temporary: false,
    });
  });

  it("turns a renderer that throws into render_failed, and rendered HTML over the byte limit into too_large", async () => {
    const throwing: Renderer = async () => {
      throw new Error("target crashed");
    };
    expect(await analyzePage(rawUrl, { ...options, render: throwing })).toEqual({
      ok: false,
      code: "render_failed",
      message: "The browser could not load the page: target crashed",
      temporary: true,
    });
    const big = returning(`<p>${"é".repeat(600)}</p>`);
    expect(await analyzePage(rawUrl, { ...options, maxBytes: 1000, render: big })).toMatchObject({ ok: false, code: "too_large", message: "The rendered page is larger than 1000 bytes." });
  });

  it("does not render a page whose fetch failed", async () => {
    const render = returning("<p>never</p>");
    expect(await analyzePage(`${origin}/hostile/type/png`, { ...options, render })).toMatchObject({ ok: false, code: "not_html" });
    expect(render.calls).toEqual([]);
  });
});
