import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { basicAuthorization, credentialsFor } from "../../src/analysis/credentials";
import { DEFAULT_USER_AGENT, fetchPage, type FetchOptions } from "../../src/analysis/fetch-page";
import { loginHeadersOf, NO_LOGIN, requestsTo } from "../helpers/request-log";

const origin = env.PAGE_SERVER;
const MB = 1024 * 1024;
const local: FetchOptions = { allowPrivateTargets: true, timeoutMs: 10_000, maxBytes: 5 * MB };
/** Production rules, except that the local page server itself may be reached. */
const strict: FetchOptions = { ...local, allowPrivateTargets: false, trustedOrigin: origin };

const get = (path: string, options: Partial<FetchOptions> = {}) => fetchPage(`${origin}${path}`, { ...local, ...options });

async function failed(path: string, options: Partial<FetchOptions> = {}) {
  const outcome = await get(path, options);
  if (outcome.ok) throw new Error(`expected ${path} to fail, got status ${outcome.facts.status}`);
  return outcome;
}

describe("fetchPage", () => {
  it("fetches an HTML page and records its facts", async () => {
    const outcome = await get("/fixtures/sample-page.html");
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const { facts } = outcome;
    expect(facts.status).toBe(200);
    expect(facts.finalUrl).toBe(`${origin}/fixtures/sample-page.html`);
    expect(facts.redirects).toEqual([]);
    expect(facts.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(facts.html).toContain("Café, naïve and 日本語");
    expect(facts.bytes).toBe(new TextEncoder().encode(facts.html).byteLength);
    expect(facts.truncated).toBe(false);
    expect(facts.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(facts.totalMs).toBeGreaterThanOrEqual(facts.ttfbMs);
  });

  it("drops the fragment and records the normalised requested URL", async () => {
    const outcome = await fetchPage(`${origin.toUpperCase()}/fixtures/sample-page.html#top`, local);
    expect(outcome.ok && outcome.facts.requestedUrl).toBe(`${origin}/fixtures/sample-page.html`);
  });

  it("sends only Accept, Accept-Encoding and User-Agent of its own", async () => {
    await get("/fixtures/sample-page.html?tag=header-probe");
    const received = (await (await fetch(`${origin}/__requests?tag=header-probe`)).json()) as { headers: Record<string, string> }[];
    expect(received).toHaveLength(1);
    const headers = received[0]!.headers;
    expect(headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
    expect(headers.accept).toContain("text/html");
    expect(headers["accept-encoding"]).toContain("gzip");
    // host and connection belong to HTTP itself, and the Workers runtime adds cf-worker to every
    // subrequest (it cannot be removed); nothing else may be sent.
    const added = ["host", "connection", "cf-worker"];
    expect(Object.keys(headers).filter((h) => !added.includes(h)).sort()).toEqual(["accept", "accept-encoding", "user-agent"]);
  });

  it("follows a redirect chain of 10 hops and records every hop", async () => {
    const outcome = await get("/hostile/chain/10");
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.facts.finalUrl).toBe(`${origin}/hostile/chain/0`);
    expect(outcome.facts.redirects).toHaveLength(10);
    expect(outcome.facts.redirects[0]).toEqual({ url: `${origin}/hostile/chain/10`, status: 301, location: "/hostile/chain/9" });
    expect(outcome.facts.redirects[1]).toEqual({ url: `${origin}/hostile/chain/9`, status: 308, location: `${origin}/hostile/chain/8` });
    expect(outcome.facts.html).toContain("End of the chain");
  });

  it("refuses a chain of more than 10 redirects", async () => {
    expect(await failed("/hostile/chain/11")).toMatchObject({ code: "too_many_redirects", temporary: false });
  });

  it("refuses a redirect loop", async () => {
    expect(await failed("/hostile/loop/a")).toMatchObject({ code: "redirect_loop", temporary: false });
  });

  it.each(["http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://0x7f000001/", "http://localhost./", "http://10.0.0.1:8080/"])(
    "refuses a redirect to the blocked target %s",
    async (target) => {
      const outcome = await failed(`/hostile/redirect?to=${encodeURIComponent(target)}`, strict);
      expect(outcome.code).toBe("blocked_url");
      expect(outcome.message).toMatch(/redirect target was blocked/);
    },
  );

  it("follows a redirect within the trusted origin under the strict rules", async () => {
    const outcome = await get(`/hostile/redirect?to=${encodeURIComponent("/fixtures/sample-page.html")}`, strict);
    expect(outcome.ok && outcome.facts.finalUrl).toBe(`${origin}/fixtures/sample-page.html`);
  });

  it("refuses the local server itself under the production rules", async () => {
    expect(await failed("/fixtures/sample-page.html", { allowPrivateTargets: false })).toMatchObject({ code: "blocked_url" });
  });

  it("refuses a body over the limit", async () => {
    expect(await failed("/hostile/big/6000000")).toMatchObject({ code: "too_large", temporary: false });
  });

  it("stops reading an endless body once over the limit", async () => {
    const id = `endless-${crypto.randomUUID()}`;
    expect(await failed(`/hostile/endless/${id}`, { maxBytes: MB })).toMatchObject({ code: "too_large" });
    // The server notices the closed connection shortly after the cancel.
    type Sent = { bytes: number; closedByClient: boolean } | null;
    const sent = async () => (await (await fetch(`${origin}/hostile/sent/${id}`)).json()) as Sent;
    let stats = await sent();
    for (let i = 0; i < 50 && !stats?.closedByClient; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stats = await sent();
    }
    expect(stats?.closedByClient).toBe(true);
    // Socket buffers hold a few MB at most; an uncancelled read would have run on to the hard stop.
    expect(stats!.bytes).toBeLessThan(32 * MB);
  });

  it("stops inflating a gzip bomb at the limit", async () => {
    expect(await failed("/hostile/gzip-bomb")).toMatchObject({ code: "too_large" });
  });

  it("times out a server that is slow to answer", async () => {
    const started = Date.now();
    expect(await failed("/hostile/slow/3000", { timeoutMs: 500 })).toMatchObject({ code: "timeout", temporary: true });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("times out a body that drips forever", async () => {
    expect(await failed("/hostile/drip/50", { timeoutMs: 500 })).toMatchObject({ code: "timeout", temporary: true });
  });

  it("times out a server that never answers", async () => {
    expect(await failed("/hostile/hang", { timeoutMs: 500 })).toMatchObject({ code: "timeout", temporary: true });
  });

  it.each(["png", "json", "none"])("refuses a response that is not HTML (%s)", async (type) => {
    expect(await failed(`/hostile/type/${type}`)).toMatchObject({ code: "not_html", temporary: false });
  });

  it("accepts application/xhtml+xml", async () => {
    const outcome = await get("/hostile/type/xhtml");
    expect(outcome.ok && outcome.facts.html).toContain("XHTML");
  });

  it("decodes the charset the content type names", async () => {
    const outcome = await get("/hostile/type/latin1");
    expect(outcome.ok && outcome.facts.html).toContain("Café");
  });

  it.each(["gzip", "br"])("records %s in contentEncoding and decodes the body", async (encoding) => {
    const outcome = await get(`/hostile/encoded/${encoding}`);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.facts.contentEncoding).toBe(encoding);
    expect(outcome.facts.html).toContain("<h1>Compressed</h1>");
  });

  it("returns a 500 HTML page for analysis", async () => {
    const outcome = await get("/hostile/status/500");
    expect(outcome.ok && outcome.facts.status).toBe(500);
  });

  it.each([429, 503])("reports %s as target_unavailable, temporary", async (status) => {
    expect(await failed(`/hostile/status/${status}`)).toMatchObject({ code: "target_unavailable", temporary: true });
  });

  it("reports a closed port as connection_failed, temporary", async () => {
    const outcome = await fetchPage("http://127.0.0.1:9/", local);
    expect(outcome).toMatchObject({ ok: false, code: "connection_failed", temporary: true });
  });

  it.each(["/hostile/reset", "/hostile/cut", "/hostile/garbage"])("fails cleanly when the server breaks the connection (%s)", async (path) => {
    expect(await failed(path)).toMatchObject({ code: "connection_failed", temporary: true });
  });

  it("fails a host name that does not resolve", async () => {
    // workerd reports DNS failures as a generic error (connection_failed); Node names them (dns_error).
    const outcome = await fetchPage("http://pagegrade-test.invalid/", local);
    if (outcome.ok) throw new Error("a .invalid host resolved");
    expect(["dns_error", "connection_failed"]).toContain(outcome.code);
  });

  it.each([
    ["ftp://example.com/", "invalid_url"],
    ["not a url", "invalid_url"],
    ["http://user:pw@example.com/", "blocked_url"],
  ])("refuses %s before fetching (%s)", async (url, code) => {
    expect(await fetchPage(url, local)).toMatchObject({ ok: false, code, temporary: false });
  });
});

describe("fetchPage with credentials", () => {
  const other = env.OTHER_HOST;
  /** A unique password per test, so its requests can be told apart in the shared log. */
  const basic = () => ({ basic: { username: "pagegrade", password: `sesame-${crypto.randomUUID()}` } });

  it("sends Basic credentials to the page of their origin, which then answers 200; without them it answers 401", async () => {
    const auth = basic();
    const tag = crypto.randomUUID();
    const logged = await get(`/login/basic/${tag}`, { credentials: credentialsFor(origin, auth) });
    expect(logged.ok && logged.facts.status).toBe(200);
    const anonymous = await get(`/login/basic/${tag}-anonymous`);
    expect(anonymous.ok && anonymous.facts.status).toBe(401);
    const [withAuth, withoutAuth] = [await requestsTo(origin, `${tag}`), await requestsTo(origin, `${tag}-anonymous`)];
    expect(withAuth.map(loginHeadersOf)).toEqual([{ authorization: basicAuthorization("pagegrade", auth.basic.password), cookie: undefined }, NO_LOGIN]);
    expect(withoutAuth.map(loginHeadersOf)).toEqual([NO_LOGIN]);
  });

  it("sends a cookie and X- headers as given", async () => {
    const cookie = `session=sesame-${crypto.randomUUID()}; theme=dark`;
    const tag = crypto.randomUUID();
    const outcome = await get(`/login/cookie/${tag}`, { credentials: credentialsFor(origin, { headers: { Cookie: cookie, "X-Staging-Token": "t0k" } }) });
    expect(outcome.ok && outcome.facts.status).toBe(200);
    const [request] = await requestsTo(origin, tag);
    expect(request!.headers).toMatchObject({ cookie, "x-staging-token": "t0k" });
  });

  it("never sends them to another origin, even for the very URL they were given for", async () => {
    const tag = crypto.randomUUID();
    const outcome = await get(`/login/basic/${tag}`, { credentials: credentialsFor(`${other}/login/basic/${tag}`, basic()) });
    expect(outcome.ok && outcome.facts.status).toBe(401);
    expect((await requestsTo(origin, tag)).map(loginHeadersOf)).toEqual([NO_LOGIN]);
  });

  it("drops them on a redirect to another host, and to another port of the same host", async () => {
    for (const target of [other, env.CRAWL_SITE]) {
      const tag = crypto.randomUUID();
      const auth = basic();
      const outcome = await get(`/hostile/redirect?tag=${tag}&to=${encodeURIComponent(`${target}/login/basic/${tag}`)}`, {
        credentials: credentialsFor(origin, auth),
      });
      expect(outcome.ok && outcome.facts.finalUrl).toBe(`${target}/login/basic/${tag}`);
      // The first hop, on the origin, carried them; the target never saw them.
      expect((await requestsTo(origin, tag)).map(loginHeadersOf)).toEqual([{ authorization: basicAuthorization("pagegrade", auth.basic.password), cookie: undefined }]);
      expect((await requestsTo(target, tag)).map(loginHeadersOf)).toEqual([NO_LOGIN]);
    }
  });

  it("sends them again on a redirect back to their origin: each request is judged by its own origin", async () => {
    const tag = crypto.randomUUID();
    const auth = { headers: { Cookie: `session=sesame-${tag}` } };
    const back = `${origin}/login/cookie/${tag}`;
    const away = `${other}/hostile/redirect?tag=${tag}&to=${encodeURIComponent(back)}`;
    const outcome = await get(`/hostile/redirect?tag=${tag}&to=${encodeURIComponent(away)}`, { credentials: credentialsFor(origin, auth) });
    expect(outcome.ok && outcome.facts.status).toBe(200);
    expect(outcome.ok && outcome.facts.redirects).toHaveLength(2);
    const cookie = { authorization: undefined, cookie: `session=sesame-${tag}` };
    const onOrigin = (await requestsTo(origin, tag)).map((r) => [r.url.split("?")[0], loginHeadersOf(r)]);
    expect(onOrigin).toEqual([
      ["/hostile/redirect", cookie],
      [`/login/cookie/${tag}`, cookie],
    ]);
    expect((await requestsTo(other, tag)).map(loginHeadersOf)).toEqual([NO_LOGIN]);
  });
});
