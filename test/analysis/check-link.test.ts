import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkLink } from "../../src/analysis/check-link";

// The crawl site's second instance: its /links/ routes (test/server/crawl-site.ts), which no crawl of it asks for.
const origin = env.CRAWL_SITE_ALONE;
const options = { allowPrivateTargets: true, timeoutMs: 3000 };

async function methodsFor(tag: string): Promise<string[]> {
  const log: { method: string }[] = await (await fetch(`${origin}/__requests?tag=${encodeURIComponent(tag)}`)).json();
  return log.map((r) => r.method);
}

describe("checkLink", () => {
  it("asks with HEAD only: the status of a file, of a missing page, of a redirect's target", async () => {
    expect(await checkLink(`${origin}/links/report.pdf?check-link=ok`, options)).toEqual({ status: 200, error: null });
    expect(await checkLink(`${origin}/links/doc.pdf?check-link=404`, options)).toEqual({ status: 404, error: null });
    // /site/old redirects twice, to /site/c.
    expect(await checkLink(`${origin}/site/old?check-link=redirect`, options)).toEqual({ status: 200, error: null });
    expect(await methodsFor("check-link=ok")).toEqual(["HEAD"]);
    expect(await methodsFor("check-link=404")).toEqual(["HEAD"]);
  });

  it("falls back to GET (body unread) when HEAD answers 405", async () => {
    expect(await checkLink(`${origin}/links/head-refused?check-link=405`, options)).toEqual({ status: 404, error: null });
    expect(await methodsFor("check-link=405")).toEqual(["HEAD", "GET"]);
  });

  it("goes through the URL guard: private addresses never, other schemes never, nothing sent", async () => {
    expect(await checkLink(`${origin}/links/gone?check-link=guard`, { ...options, allowPrivateTargets: false })).toEqual({ status: null, error: "blocked_url" });
    expect(await checkLink("http://169.254.169.254/latest", { ...options, allowPrivateTargets: false })).toEqual({ status: null, error: "blocked_url" });
    expect(await checkLink("ftp://example.com/file", options)).toEqual({ status: null, error: "invalid_url" });
    expect(await methodsFor("check-link=guard")).toEqual([]);
  });

  it("gives up at the deadline: a target that never answers is a timeout, not a status", async () => {
    expect(await checkLink(`${env.PAGE_SERVER}/hostile/hang?check-link=hang`, { ...options, timeoutMs: 300 })).toEqual({ status: null, error: "timeout" });
  });
});
