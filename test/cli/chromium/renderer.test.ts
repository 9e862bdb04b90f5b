import { afterAll, describe, expect, inject, it } from "vitest";
import { renderPage } from "../../../src/analysis/render-page";
import { chromiumRenderer } from "../../../src/cli/chromium/renderer";

const origin = inject("pageServer");
const renderer = chromiumRenderer("/usr/bin/chromium");
afterAll(() => renderer.close());

const init = { allowPrivateTargets: false, trustedOrigin: origin, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };
const received = async (tag: string) => ((await (await fetch(`${origin}/__requests?tag=${tag}`)).json()) as { url: string; headers: Record<string, string> }[]);

describe("the CLI's Chromium renderer", () => {
  it("aborts every request to a private address while private targets are off: the server never sees it", async () => {
    const outcome = await renderer.render(`${origin}/render/private-request?tag=blocked-17`, init);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.html).toContain("<h1>Private request</h1>");
    expect(outcome.blockedRequests).toBeGreaterThanOrEqual(2);
    // The page itself arrived; nothing it asked of localhost (another, private origin) did.
    expect((await received("blocked-17")).map((r) => r.url)).toEqual(["/render/private-request?tag=blocked-17"]);
  });

  it("sends an audit's headers to the page's own origin only, never to another origin", async () => {
    // Private targets on here, so the page's requests to localhost (another origin) go out and can be inspected.
    const outcome = await renderer.render(`${origin}/render/private-request?tag=headers-17`, {
      ...init,
      allowPrivateTargets: true,
      headers: { authorization: "Bearer secret-17" },
    });
    expect(outcome).toMatchObject({ ok: true, blockedRequests: 0 });
    const requests = await received("headers-17");
    const own = requests.filter((r) => r.url.startsWith("/render/private-request"));
    const other = requests.filter((r) => r.url.startsWith("/render/private-target"));
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(other.length).toBeGreaterThanOrEqual(1);
    for (const r of own) expect(r.headers.authorization).toBe("Bearer secret-17");
    for (const r of other) expect(r.headers.authorization, r.url).toBeUndefined();
  });

  it("keeps nothing from one page to the next: each page gets a fresh browser context", async () => {
    const state = (html: string) => /<p id="state">([^<]*)<\/p>/.exec(html)?.[1];
    for (let visit = 0; visit < 2; visit++) {
      const outcome = await renderer.render(`${origin}/render/remember`, init);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(state(outcome.html), `visit ${visit}`).toBe("cookie=;storage=");
    }
  });

  it("refuses a rendered page over the byte limit", async () => {
    // The limit is the analysis's check on whatever a renderer returns (renderPage), this one's included.
    const rendered = await renderPage(`${origin}/render/heavy`, renderer.render, {
      allowPrivateTargets: false,
      trustedOrigin: origin,
      renderTimeoutMs: init.timeoutMs,
      maxBytes: 10_000,
    });
    expect(rendered).toMatchObject({ ok: false, code: "too_large" });
  });
});
