import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzePage } from "../../src/analysis/analyze";
import { checks } from "../../src/analysis/checks/index";
import { analysisOptionsFromEnv } from "../../src/config";
import type { RecordedRequest } from "../server/page-server";

const origin = env.PAGE_SERVER;
const options = analysisOptionsFromEnv(env);

describe("analyzePage", () => {
  it("reads its options from the test env, which allows private targets", () => {
    expect(options).toMatchObject({ allowPrivateTargets: true, timeoutMs: Number(env.FETCH_TIMEOUT_MS), maxBytes: 5_242_880 });
  });

  it("analyses a local page and returns a verdict for every check of the registry", async () => {
    const outcome = await analyzePage(`${origin}/fixtures/sample-page.html`, options);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.finalUrl).toBe(`${origin}/fixtures/sample-page.html`);
    expect(Object.keys(outcome.results).sort()).toEqual(checks.map((c) => c.id).sort());
    expect(outcome.score).toBeGreaterThanOrEqual(0);
    expect(outcome.score).toBeLessThanOrEqual(100);
    for (const [id, result] of Object.entries(outcome.results)) {
      // `applicable` appears only as false, on a check that did not apply (it passes and is left out of the score).
      if ("applicable" in result) expect([result.applicable, result.passed], id).toEqual([false, true]);
      expect(result.passed || result.errors !== undefined, `${id} failed without errors`).toBe(true);
    }
    const failures = Object.values(outcome.results).filter((r) => !r.passed);
    expect(outcome.issues.high + outcome.issues.medium + outcome.issues.low).toBe(failures.length);
  });

  it("analyses a 500 HTML page instead of failing it", async () => {
    const outcome = await analyzePage(`${origin}/hostile/status/500`, options);
    expect(outcome.ok).toBe(true);
  });

  // 20,000, not 100,000: htmlparser2 (under linkedom) keeps its open-element stack with unshift, so
  // parsing is quadratic in depth and 100,000 levels take ~25 s of CPU (reported to the lead).
  it("survives a page nested 20,000 elements deep", async () => {
    const outcome = await analyzePage(`${origin}/hostile/nested/20000`, options);
    expect(outcome, JSON.stringify(!outcome.ok && outcome)).toMatchObject({ ok: true });
  });

  it("returns fetch failures as values", async () => {
    expect(await analyzePage(`${origin}/hostile/type/png`, options)).toEqual({
      ok: false,
      code: "not_html",
      message: "The page is not HTML (content type image/png).",
      temporary: false,
    });
    expect(await analyzePage("http://169.254.169.254/", { ...options, allowPrivateTargets: false })).toMatchObject({ ok: false, code: "blocked_url" });
  });
});

const { port } = new URL(env.PAGE_SERVER);
// Requests to this host name come from this file only: every other test addresses the page server as 127.0.0.1.
const host = `localhost:${port}`;

async function received(tag: string) {
  const all = (await (await fetch(`${env.PAGE_SERVER}/__requests?tag=${encodeURIComponent(tag)}`)).json()) as RecordedRequest[];
  return all.filter((r) => r.headers.host === host);
}

describe("site facts go out beside the page", () => {
  it("asks for robots.txt, the 404 probe and llms.txt while a slow page is still loading", async () => {
    const analysis = analyzePage(`http://${host}/hostile/slow/1499`, options);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await received("/hostile/slow/1499")).toHaveLength(1);
    expect(await received("/robots.txt")).toHaveLength(1);
    expect(await received("/pagegrade-404-check-")).toHaveLength(1);
    expect(await received("/llms.txt")).toHaveLength(1);
    const outcome = await analysis;
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    // Same origin: the early facts are used, not fetched again.
    expect(await received("/robots.txt")).toHaveLength(1);
    expect(await received("/llms.txt")).toHaveLength(1);
  });

  it("fetches them again for the final origin when the page redirects to another one", async () => {
    const target = `http://${host}/fixtures/sample-page.html`;
    const [robots, probes, llms] = [(await received("/robots.txt")).length, (await received("/pagegrade-404-check-")).length, (await received("/llms.txt")).length];
    const outcome = await analyzePage(`${env.PAGE_SERVER}/hostile/redirect?to=${encodeURIComponent(target)}`, options);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.finalUrl).toBe(target);
    expect(await received("/robots.txt")).toHaveLength(robots + 1);
    expect(await received("/pagegrade-404-check-")).toHaveLength(probes + 1);
    expect(await received("/llms.txt")).toHaveLength(llms + 1);
  });
});
