// Every request a rendered page makes goes through the URL guard (src/render/request-policy.ts), in real Chromium
// behind the BROWSER binding. The page server is itself private (127.0.0.1), so it is the trusted origin here, as in
// fetch-page's tests, and the same routes on 127.0.0.2 (OTHER_HOST, another origin) stand for the private address.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { assetPageScripts } from "../../src/render/page-scripts";
import { renderPool } from "../../src/render/browser-pool";
import { crawlBrowserSessions } from "../../src/crawls/crawl-lifecycle";

const pool = renderPool(env.BROWSER, crawlBrowserSessions(createDb(env.DB)), { concurrency: 2, timeoutMs: 8000 }, assetPageScripts(env.ASSETS));
afterAll(() => pool.release());

const received = async (tag: string, origin = env.PAGE_SERVER) =>
  (await (await fetch(`${origin}/__requests?tag=${encodeURIComponent(tag)}`)).json()) as { url: string; headers: Record<string, string> }[];

const url = `${env.PAGE_SERVER}/render/private-request?to=${encodeURIComponent(env.OTHER_HOST)}`;
const init = { timeoutMs: 8000, maxBytes: 5_000_000, headers: { "x-audit-token": "only-for-the-page-origin" } };

describe.skipIf(env.RENDERING === "false")("request interception in the browser", () => {
  it("with private targets off, aborts every request to a private address: none reaches the server", async () => {
    const before = (await received("from=private-request", env.OTHER_HOST)).length;
    const outcome = await pool.forAudit()(url, { ...init, allowPrivateTargets: false, trustedOrigin: env.PAGE_SERVER });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // The image and the fetch of the page's script were both aborted before they left the browser.
    expect(outcome.blockedRequests).toBeGreaterThanOrEqual(2);
    expect(outcome.html).toContain("Private request");
    expect((await received("from=private-request", env.OTHER_HOST)).length).toBe(before);
  });

  it("with private targets on, the guard lets the same requests go (the test above can fail); extra headers stay on the page's origin", async () => {
    const outcome = await pool.forAudit()(url, { ...init, allowPrivateTargets: true });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.blockedRequests).toBe(0);
    // Chromium then refuses them itself (its local-network rule: a document served through interception counts as
    // public), which is why the test above asserts our own abort count beside the server's log.
    const refused = outcome.errors.filter((e) => e.includes(env.OTHER_HOST) && e.includes("loopback"));
    expect(refused).toHaveLength(2);
    const documents = (await received("/render/private-request")).filter((r) => !r.url.includes("from="));
    expect(documents.at(-1)?.headers["x-audit-token"]).toBe("only-for-the-page-origin");
  });

  it("keeps no cookie or storage from one audit to the next", async () => {
    // The page writes what it found of an earlier visit before leaving its own (test/server/render-routes.ts).
    const probe = `${env.PAGE_SERVER}/render/remember`;
    const a = await pool.forAudit()(probe, { ...init, allowPrivateTargets: true });
    const b = await pool.forAudit()(probe, { ...init, allowPrivateTargets: true });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.html).toContain('<p id="state">cookie=;storage=</p>');
    expect(b.html).toContain('<p id="state">cookie=;storage=</p>');
  });
});
