import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { basicAuthorization, credentialsFor } from "../../src/analysis/credentials";
import { LLMS_TXT_MAX_BYTES } from "../../src/analysis/llms-txt";
import { ROBOTS_MAX_BYTES, fetchLlmsTxt, fetchRobots, fetchSiteFacts, probeStatus } from "../../src/analysis/site-facts";
import { goodLlmsTxt } from "../server/llms-routes";
import { robotsTxt } from "../server/routes";
import { requestsTo } from "../helpers/request-log";

const origin = env.PAGE_SERVER;
const local = { allowPrivateTargets: true, timeoutMs: 10_000 };

describe("fetchSiteFacts", () => {
  it("fetches robots.txt of the page's origin with its groups and patterns intact", async () => {
    const site = await fetchSiteFacts(`${origin}/fixtures/sample-page.html`, local);
    expect(site.robots).toEqual({ url: `${origin}/robots.txt`, status: 200, body: robotsTxt });
    expect(site.robots.body).toContain("User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /no-google/");
    expect(site.robots.body).toContain("Allow: /private/open$");
  });

  it("probes a random path and records its status", async () => {
    const site = await fetchSiteFacts(`${origin}/fixtures/sample-page.html`, local);
    expect(site.notFoundStatus).toBe(404);
    const received = (await (await fetch(`${origin}/__requests?tag=/pagegrade-404-check-`)).json()) as { url: string }[];
    expect(new Set(received.map((r) => r.url)).size).toBe(received.length);
  });

  it("never fails: an unreachable origin gives null facts", async () => {
    const site = await fetchSiteFacts("http://127.0.0.1:9/page", local);
    expect(site).toEqual({
      robots: { url: "http://127.0.0.1:9/robots.txt", status: null, body: null },
      notFoundStatus: null,
      llms: { url: "http://127.0.0.1:9/llms.txt", status: null, error: "connection_failed", digest: null },
    });
  });

  it("gives null facts for an origin the rules block", async () => {
    const site = await fetchSiteFacts(`${origin}/fixtures/sample-page.html`, { ...local, allowPrivateTargets: false });
    expect(site).toMatchObject({ robots: { status: null, body: null }, notFoundStatus: null, llms: { status: null, error: "blocked_url" } });
  });
});

describe("fetchRobots", () => {
  it("keeps only the first 512 KB of a huge robots.txt, in whole lines", async () => {
    const robots = await fetchRobots(`${origin}/hostile/robots/huge`, local);
    expect(robots.status).toBe(200);
    expect(robots.body!.length).toBeLessThanOrEqual(ROBOTS_MAX_BYTES);
    expect(robots.body!.length).toBeGreaterThan(ROBOTS_MAX_BYTES - 100);
    expect(robots.body!.endsWith("/segment/\n")).toBe(true);
  });

  it("survives a binary robots.txt", async () => {
    const robots = await fetchRobots(`${origin}/hostile/robots/binary`, local);
    expect(robots.status).toBe(200);
    expect(typeof robots.body).toBe("string");
  });

  it("keeps the status but no body for a robots.txt that answers 5xx", async () => {
    expect(await fetchRobots(`${origin}/hostile/status/500`, local)).toEqual({ url: `${origin}/hostile/status/500`, status: 500, body: null });
  });

  it("gives up on a robots.txt that hangs within its own short deadline", async () => {
    const robots = await fetchRobots(`${origin}/hostile/hang`, { ...local, timeoutMs: 300 });
    expect(robots).toMatchObject({ status: null, body: null });
  });
});

describe("probeStatus", () => {
  it("follows redirects, so a soft 404 that redirects to a page reports that page's 200", async () => {
    const soft404 = `${origin}/hostile/redirect?to=${encodeURIComponent("/fixtures/sample-page.html")}`;
    expect(await probeStatus(soft404, local)).toBe(200);
  });

  it("reports the status of a path that does not exist", async () => {
    expect(await probeStatus(`${origin}/no/such/page`, local)).toBe(404);
  });
});

describe("fetchLlmsTxt", () => {
  it("reads /llms.txt of the page's origin beside robots.txt, once", async () => {
    const site = await fetchSiteFacts(`${origin}/fixtures/sample-page.html`, local);
    // The page server has no /llms.txt at its root.
    expect(site.llms).toEqual({ url: `${origin}/llms.txt`, status: 404, error: null, digest: null });
  });

  it("digests a good file: Lighthouse's three conditions and llmstxt.org's shape, same-host links resolved", async () => {
    const llms = await fetchLlmsTxt(`${origin}/llms/good`, local);
    expect(llms).toMatchObject({ status: 200, error: null });
    expect(llms.digest).toEqual({
      length: goodLlmsTxt.length,
      truncated: false,
      hasH1: true,
      hasLink: true,
      h1First: true,
      summary: true,
      sections: 1,
      links: 2,
      listLinks: 2,
      optional: false,
      sameHost: [`${origin}/fixtures/sample-page.html`],
      sameHostCount: 1,
    });
  });

  it("keeps the status of a 404 and a 500, with no digest", async () => {
    expect(await fetchLlmsTxt(`${origin}/llms/404`, local)).toEqual({ url: `${origin}/llms/404`, status: 404, error: null, digest: null });
    expect(await fetchLlmsTxt(`${origin}/llms/500`, local)).toMatchObject({ status: 500, error: null, digest: null });
  });

  it("gives up after Lighthouse's 2 s, whatever the page's deadline", async () => {
    const started = Date.now();
    expect(await fetchLlmsTxt(`${origin}/llms/slow`, local)).toMatchObject({ status: null, error: "timeout", digest: null });
    expect(Date.now() - started).toBeLessThan(2_900);
  });

  it("follows redirects to the final answer", async () => {
    expect(await fetchLlmsTxt(`${origin}/llms/redirect-good`, local)).toMatchObject({ status: 200, digest: { hasH1: true, hasLink: true } });
    expect(await fetchLlmsTxt(`${origin}/llms/redirect-404`, local)).toMatchObject({ status: 404, digest: null });
  });

  it("reads at most 1 MB of a larger file and says so", async () => {
    const llms = await fetchLlmsTxt(`${origin}/llms/huge`, local);
    expect(llms.digest).toMatchObject({ truncated: true, hasH1: true, hasLink: true });
    expect(llms.digest!.length).toBeLessThanOrEqual(LLMS_TXT_MAX_BYTES);
    expect(llms.digest!.length).toBeGreaterThan(LLMS_TXT_MAX_BYTES - 100);
  });

  it("does not follow a redirect to a blocked address", async () => {
    const url = `${origin}/hostile/redirect?to=${encodeURIComponent("http://169.254.169.254/llms.txt")}`;
    expect(await fetchLlmsTxt(url, { ...local, allowPrivateTargets: false, trustedOrigin: origin })).toMatchObject({ status: null, error: "blocked_url" });
  });
});

describe("fetchSiteFacts with credentials", () => {
  it("reads robots.txt and the 404 probe of the login's origin with the login, and another origin's without", async () => {
    const password = `sesame-${crypto.randomUUID()}`;
    const credentials = credentialsFor(origin, { basic: { username: "pagegrade", password } });
    const authorization = basicAuthorization("pagegrade", password);
    const carried = async (at: string) => (await requestsTo(at, "/")).filter((r) => r.headers.authorization === authorization).map((r) => r.url);

    await fetchSiteFacts(`${origin}/login/basic/page`, { ...local, credentials });
    const paths = await carried(origin);
    expect(paths).toContain("/robots.txt");
    expect(paths).toContain("/llms.txt");
    expect(paths.filter((path) => path.startsWith("/pagegrade-404-check-"))).toHaveLength(1);

    await fetchSiteFacts(`${env.OTHER_HOST}/login/basic/page`, { ...local, credentials });
    const other = await requestsTo(env.OTHER_HOST, "/");
    expect(other.some((r) => r.url === "/robots.txt")).toBe(true);
    expect(await carried(env.OTHER_HOST)).toEqual([]);
  });
});
