import { describe, expect, it } from "vitest";
import { call } from "./helpers/api";

const docsPage = () => call("/api/v1/docs", { key: null, headers: { Accept: "text/html" } });

describe("GET /api/v1/docs", () => {
  it("answers the readable reference of the served document, without a key, under a CSP for its one script", async () => {
    const res = await docsPage();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.text).toContain("/api/v1/openapi.json");
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([0-9a-f]{32})'/.exec(csp)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script of the page carries this answer's nonce: nothing else runs.
    const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await call("/api/v1/docs", { key: null });
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("allows scripts from its own origin and this answer's nonce only, and loads its script from that origin", async () => {
    const res = await docsPage();
    const directives = new Map(
      res.headers
        .get("content-security-policy")!
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    const nonce = /nonce="([0-9a-f]{32})"/.exec(res.text)![1];
    expect(directives.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    for (const [name, sources] of directives) expect(sources.join(" "), name).not.toMatch(/https?:|\*/);
    const sources = [...res.text.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map(([, src]) => src);
    expect(sources).toEqual(["/api/v1/docs/scalar.js"]);
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it("serves its script: GET /api/v1/docs/scalar.js is 200 JavaScript, Scalar's bundle, without a key", async () => {
    const res = await call("/api/v1/docs/scalar.js", { key: null, headers: { Accept: "*/*" } });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^(text|application)\/javascript\b/);
    // The standalone bundle defines the global the page's inline script calls.
    expect(res.text.length).toBeGreaterThan(1_000_000);
    expect(res.text).toContain("createApiReference");
  });
});
