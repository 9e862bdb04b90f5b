import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { basicAuthorization, credentialsFor } from "../../../src/analysis/credentials";
import { answersAsSitemap, looksLikeSitemap, readSitemaps, sitemapsFromRobots, type SitemapDiscovery, type SitemapReadOptions } from "../../../src/site/discovery/sitemaps";
import { requestsTo } from "../../helpers/request-log";

const origin = env.PAGE_SERVER;
const host = new URL(origin).hostname;
const local: SitemapReadOptions = { allowPrivateTargets: true, timeoutMs: 10_000, limit: 1000, host };
/** Production rules, except that the local page server itself may be reached. */
const strict: SitemapReadOptions = { ...local, allowPrivateTargets: false, trustedOrigin: origin };

const at = (path: string) => `${origin}/sitemaps/${path}`;
const page = (name: string | number) => `${origin}/page/${name}`;
const read = (paths: string[], options: Partial<SitemapReadOptions> = {}) => readSitemaps(paths.map(at), { ...local, ...options });
const errorOf = (discovery: SitemapDiscovery, path: string) => discovery.sitemaps.find((s) => s.url === at(path))?.error?.code;

describe("readSitemaps", () => {
  it("reads a urlset: normalised, deduplicated, other hosts skipped, in document order", async () => {
    const discovery = await read(["messy.xml"]);
    expect(discovery.urls).toEqual([page("a"), page("b") + "?id=7", page("c"), page("relative")]);
    expect(discovery).toMatchObject({ found: 4, skipped: 2, truncated: false });
    expect(discovery.sitemaps).toEqual([{ url: at("messy.xml"), ok: true, urls: 7 }]);
  });

  it("decodes entities and CDATA in <loc>", async () => {
    const discovery = await read(["entities.xml"]);
    expect(discovery.urls).toEqual([`${origin}/search?a=1&b=2`, `${origin}/cdata?x=1&y=2`, `${origin}/caf%C3%A9`, `${origin}/padded`]);
  });

  it("follows an index to a gzip child and a text sitemap, keeping their order", async () => {
    const discovery = await read(["index.xml"]);
    expect(discovery.urls).toEqual([page("gz-1"), page("gz-2"), page("txt-1"), page("txt-2")]);
    expect(discovery.found).toBe(4);
    expect(discovery.sitemaps).toEqual([
      { url: at("index.xml"), ok: true, urls: 0 },
      { url: at("child.xml.gz"), ok: true, urls: 2 },
      { url: at("list.txt"), ok: true, urls: 3 },
    ]);
  });

  it("spaces its fetches by intervalMs", async () => {
    const started = Date.now();
    const discovery = await read(["index.xml"], { intervalMs: 400 });
    expect(discovery.found).toBe(4);
    // Three fetches, two gaps.
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it("inflates a gzip body served under a plain .xml name without content-encoding", async () => {
    const discovery = await read(["gzip-body.xml"]);
    expect(discovery.urls).toEqual([page("body-1")]);
    expect(discovery.sitemaps[0]).toEqual({ url: at("gzip-body.xml"), ok: true, urls: 1 });
  });

  it("reports corrupt gzip as an error", async () => {
    const discovery = await read(["corrupt.xml.gz"]);
    expect(discovery.sitemaps[0]).toMatchObject({ ok: false, error: { code: "sitemap_invalid" } });
    expect(discovery.urls).toEqual([]);
  });

  it("cuts a gzip bomb at maxBytes of inflated text", async () => {
    const discovery = await read(["bomb.xml.gz"], { maxBytes: 5 * 1024 * 1024 });
    expect(discovery.sitemaps[0]).toMatchObject({ ok: false, error: { code: "sitemap_too_large" } });
    expect(discovery.sitemaps[0]!.urls).toBeGreaterThan(90_000); // ~55 bytes an entry
    expect(discovery.urls).toEqual([page("bomb")]);
    expect(discovery.found).toBe(1);
  });

  it("keeps only the <loc> of each <url>, not those of images or alternates", async () => {
    const discovery = await read(["extensions.xml"]);
    expect(discovery.urls).toEqual([page("ext")]);
  });

  it("keeps the first `limit` URLs and counts the rest: found and truncated", async () => {
    const discovery = await read(["range/1-30.xml", "range/21-40.xml"], { limit: 25 });
    expect(discovery.urls).toEqual(Array.from({ length: 25 }, (_, i) => page(i + 1)));
    expect(discovery).toMatchObject({ found: 40, truncated: true, skipped: 0 });
  });

  it("is not truncated when found equals the limit", async () => {
    const discovery = await read(["range/1-10.xml"], { limit: 10 });
    expect(discovery).toMatchObject({ found: 10, truncated: false });
  });

  it("reads the same sitemap once when it is named twice", async () => {
    const discovery = await readSitemaps([at("range/1-2.xml"), at("range/1-2.xml#again")], local);
    expect(discovery.sitemaps).toHaveLength(1);
    expect(discovery.found).toBe(2);
  });

  it("follows indexes 3 levels deep and no deeper", async () => {
    const three = await read(["nest/2.xml"]);
    expect(three.urls).toEqual([page("nested")]);
    expect(three.sitemaps.map((s) => s.ok)).toEqual([true, true, true]);

    const four = await read(["nest/3.xml"]);
    expect(four.urls).toEqual([]);
    expect(four.sitemaps.map((s) => s.url)).toEqual(["nest/3.xml", "nest/2.xml", "nest/1.xml", "nest/0.xml"].map(at));
    expect(errorOf(four, "nest/0.xml")).toBe("sitemap_too_deep");
  });

  it("reads at most 50 child sitemaps and says how many it left", async () => {
    const discovery = await read(["wide/60.xml"]);
    expect(discovery.urls).toEqual(Array.from({ length: 50 }, (_, i) => page(i)));
    expect(discovery.sitemaps).toHaveLength(51);
    expect(discovery.skippedSitemaps).toBe(10);
    expect(discovery.sitemaps[0]).toMatchObject({ url: at("wide/60.xml"), ok: true, error: { code: "sitemap_too_many_children" } });
  });

  it("reads each sitemap of a loop once and records the loop", async () => {
    const discovery = await read(["loop/a.xml"]);
    expect(discovery.urls).toEqual([page(900)]);
    expect(discovery.sitemaps.map((s) => [s.url, s.error?.code])).toEqual([
      [at("loop/a.xml"), undefined],
      [at("loop/a.xml"), "sitemap_loop"],
      [at("loop/b.xml"), undefined],
      [at("range/900-900.xml"), undefined],
    ]);
  });

  it("refuses children on other hosts or private addresses without fetching them", async () => {
    const discovery = await read(["elsewhere.xml"], strict);
    expect(discovery.urls).toEqual([page(1)]);
    const codes = Object.fromEntries(discovery.sitemaps.map((s) => [s.url, s.error?.code]));
    expect(codes).toEqual({
      [at("elsewhere.xml")]: undefined,
      "http://other.example/sitemap.xml": "sitemap_other_host",
      "http://10.0.0.1/sitemap.xml": "blocked_url",
      "http://127.0.0.1:1/sitemap.xml": "blocked_url",
      [at("away.xml")]: "blocked_url",
      [at("range/1-1.xml")]: undefined,
    });
    expect(discovery.sitemaps.find((s) => s.url === at("away.xml"))?.error?.message).toMatch(/redirect target was blocked.*other\.example/);
  });

  it("follows a redirect within the site and resolves relative <loc>s against where it landed", async () => {
    const discovery = await read(["moved.xml"]);
    expect(discovery.urls).toEqual([`${origin}/sitemaps/new/relative`, page("rooted")]);
    expect(discovery.sitemaps).toEqual([{ url: at("moved.xml"), ok: true, urls: 2 }]);
  });

  it("refuses a top-level sitemap on another host", async () => {
    const discovery = await readSitemaps([at("range/1-1.xml")], { ...local, host: "example.com" });
    expect(discovery.sitemaps[0]?.error?.code).toBe("sitemap_other_host");
    expect(discovery.found).toBe(0);
  });

  it.each([
    ["missing.xml", "sitemap_http_error", /HTTP 404/],
    ["garbage.xml", "sitemap_invalid", /neither an XML sitemap nor a list of URLs/],
    ["html.xml", "sitemap_invalid", /HTML page/],
    ["catalog.xml", "sitemap_invalid", /root element is <catalog>, not <urlset>, <sitemapindex>, <rss> or <feed>/],
    ["deep.xml", "sitemap_invalid", /nests more than 16 elements/],
    ["endless-tag.xml", "sitemap_invalid", /megabyte without a tag end/],
    ["no-such-scheme", "sitemap_http_error", /HTTP 404/],
  ])("gives a clear error for %s", async (path, code, message) => {
    const discovery = await read([path]);
    expect(discovery.sitemaps).toEqual([{ url: at(path), ok: false, urls: 0, error: { code, message: expect.stringMatching(message) } }]);
    expect(discovery.urls).toEqual([]);
  });

  it("reads an RSS 2.0 and an Atom 1.0 feed as sitemaps: their items' pages, whatever the feed's URL ends in", async () => {
    const rss = await read(["feed/rss"]);
    expect(rss.urls).toEqual([`${origin}/fixtures/list-before-article.html`, `${origin}/fixtures/blogger-post.html`]);
    expect(rss).toMatchObject({ found: 2, skipped: 1, sitemaps: [{ url: at("feed/rss"), ok: true, urls: 2 }] });
    // Each entry's alternate link, not its replies or self links.
    const atom = await read(["feed/atom"]);
    expect(atom.urls).toEqual([`${origin}/fixtures/blogger-post.html`, `${origin}/fixtures/known-page.html`]);
    expect(atom.sitemaps).toEqual([{ url: at("feed/atom"), ok: true, urls: 2 }]);
  });

  it("tells a sitemap or feed by its content, whatever its URL ends in, and a page as none", async () => {
    for (const path of ["plain-name", "feed/rss", "feed/atom", "index.xml"]) expect(await answersAsSitemap(at(path), local), path).toBe(true);
    for (const path of ["a-page", "garbage.xml", "list.txt", "missing.xml", "catalog.xml"]) expect(await answersAsSitemap(at(path), local), path).toBe(false);
    // Through the same guard: another host is not fetched at all.
    expect(await answersAsSitemap(at("plain-name"), { ...local, host: "example.com" })).toBe(false);
    expect(await answersAsSitemap(at("plain-name"), strict)).toBe(true);
    expect(await answersAsSitemap("http://10.0.0.1/feed", { ...strict, host: "10.0.0.1" })).toBe(false);
  });

  it("sends only its own Accept, Accept-Encoding and User-Agent", async () => {
    await read(["range/3-3.xml?tag=sitemap-headers"], { userAgent: "TestCrawler/2.0" });
    const received = (await (await fetch(`${origin}/__requests?tag=sitemap-headers`)).json()) as { headers: Record<string, string> }[];
    expect(received).toHaveLength(1);
    const headers = received[0]!.headers;
    expect(headers["user-agent"]).toBe("TestCrawler/2.0");
    expect(headers.accept).toContain("application/xml");
    const added = ["host", "connection", "cf-worker"];
    expect(Object.keys(headers).filter((h) => !added.includes(h)).sort()).toEqual(["accept", "accept-encoding", "user-agent"]);
  });

  it("gives an invalid URL entry, not a throw, for a sitemap URL that is not http(s)", async () => {
    const discovery = await readSitemaps(["ftp://example.com/sitemap.xml", "nonsense"], local);
    expect(discovery.sitemaps.map((s) => s.error?.code)).toEqual(["invalid_url", "invalid_url"]);
  });

  it("gives up on a sitemap that hangs at the deadline, keeping what it read before", async () => {
    const started = Date.now();
    const discovery = await read(["hang.xml", "range/5-5.xml"], { timeoutMs: 1500 });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(discovery.sitemaps.map((s) => s.error?.code)).toEqual(["timeout", undefined]);
    expect(discovery.urls).toEqual([page("before-hang"), page(5)]);
  });

  it("gives up on a sitemap whose server never answers", async () => {
    const discovery = await readSitemaps([`${origin}/hostile/hang`], { ...local, timeoutMs: 1000 });
    const error = { code: "timeout", message: "The sitemap did not answer in time." };
    expect(discovery.sitemaps).toEqual([{ url: `${origin}/hostile/hang`, ok: false, urls: 0, error }]);
  });

  it("stops every read when the caller's own signal ends", async () => {
    const started = Date.now();
    const discovery = await read(["hang.xml", "range/1-1.xml"], { signal: AbortSignal.timeout(500) });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(discovery.sitemaps.map((s) => s.error?.code)).toEqual(["timeout", "timeout"]);
  });

  it("reads a 50,000-URL sitemap, keeping only `limit` of them", async () => {
    const discovery = await read(["count/50000.xml"], { limit: 500 });
    expect(discovery.urls).toHaveLength(500);
    expect(discovery.urls.at(-1)).toBe(page(499));
    expect(discovery).toMatchObject({ found: 50_000, truncated: true });
    expect(discovery.sitemaps).toEqual([{ url: at("count/50000.xml"), ok: true, urls: 50_000 }]);
  });

  it("stops a 60 MB sitemap at 50 MB, still counting what it read", { timeout: 120_000 }, async () => {
    const discovery = await read(["megabytes/60.xml"], { limit: 100, timeoutMs: 100_000 });
    expect(discovery.sitemaps[0]).toMatchObject({ ok: false, error: { code: "sitemap_too_large" } });
    expect(discovery.urls).toHaveLength(100);
    // Each entry is ~45 bytes: 50 MB holds about a million of them.
    expect(discovery.found).toBeGreaterThan(900_000);
    // Distinct URLs past the limit are counted in a fixed 1 MiB filter: a few false positives at a million.
    const listed = discovery.sitemaps[0]!.urls;
    expect(discovery.found).toBeLessThanOrEqual(listed);
    expect(discovery.found).toBeGreaterThan(listed * 0.99);
    const sent = (await (await fetch(`${origin}/sitemaps/sent/megabytes/60.xml`)).json()) as { bytes: number; finished: boolean };
    // The reader cancelled the download: the server never got to write its last bytes.
    expect(sent.finished).toBe(false);
    expect(sent.bytes).toBeLessThan(60 * 1024 * 1024);
  });

  it("cuts a file at maxBytes", async () => {
    const discovery = await read(["count/50000.xml"], { maxBytes: 100_000 });
    expect(discovery.sitemaps[0]).toMatchObject({ ok: false, error: { code: "sitemap_too_large" } });
    expect(discovery.found).toBeGreaterThan(1000);
    expect(discovery.found).toBeLessThan(3000);
  });
});

describe("readSitemaps with credentials", () => {
  it("reads the sitemaps of the login's origin with it; one on another port goes without, one on another host is not read", async () => {
    const password = `sesame-${crypto.randomUUID()}`;
    const credentials = credentialsFor(origin, { basic: { username: "pagegrade", password } });
    const authorization = basicAuthorization("pagegrade", password);
    const index = (other: string) => `${origin}/login/sitemaps/index.xml?other=${encodeURIComponent(other)}&t=${password}`;

    const samePort = await readSitemaps([index(env.CRAWL_SITE)], { ...local, credentials });
    expect(samePort.urls).toEqual([`${origin}/login/basic/one`, `${origin}/login/basic/two`, `${env.CRAWL_SITE}/login/basic/elsewhere`]);
    expect(samePort.sitemaps.map((s) => s.ok)).toEqual([true, true, false]);
    const here = (await requestsTo(origin, password)).map((r) => [r.url.split("?")[0], r.headers.authorization]);
    expect(here).toEqual([
      ["/login/sitemaps/index.xml", authorization],
      ["/login/sitemaps/pages.xml", authorization],
    ]);
    // The same host on another port is another origin: its sitemap is read (same host), without the login.
    const elsewhere = await requestsTo(env.CRAWL_SITE, password);
    expect(elsewhere.map((r) => [r.url.split("?")[0], r.headers.authorization, r.headers.cookie])).toEqual([["/login/sitemaps/pages.xml", undefined, undefined]]);

    const otherHost = await readSitemaps([index(env.OTHER_HOST)], { ...local, credentials });
    expect(otherHost.sitemaps[2]).toMatchObject({ ok: false, error: { code: "sitemap_other_host" } });
    expect(await requestsTo(env.OTHER_HOST, password)).toEqual([]);
  });
});

describe("sitemapsFromRobots", () => {
  it("keeps the absolute Sitemap: lines, normalised and once each", () => {
    const body = [
      "User-agent: *",
      "Disallow: /private/",
      "Sitemap: https://Example.com/sitemap.xml",
      "sitemap:https://example.com/news.xml.gz#x",
      "SITEMAP: https://example.com/sitemap.xml",
      "Sitemap: /relative.xml",
      "Sitemap: ftp://example.com/s.xml",
      "Sitemap:",
    ].join("\n");
    expect(sitemapsFromRobots(body)).toEqual(["https://example.com/sitemap.xml", "https://example.com/news.xml.gz"]);
  });

  it("gives nothing for a missing or empty robots.txt", () => {
    expect(sitemapsFromRobots(null)).toEqual([]);
    expect(sitemapsFromRobots("")).toEqual([]);
  });
});

describe("looksLikeSitemap", () => {
  it.each([
    ["https://example.com/sitemap.xml", true],
    ["https://example.com/a/Sitemap.XML", true],
    ["https://example.com/s.xml.gz", true],
    ["https://example.com/urls.txt", true],
    ["https://example.com/sitemap.xml?page=2", true],
    ["https://example.com/page.html", false],
    ["https://example.com/archive.gz", false],
    ["https://example.com/xml", false],
    ["https://example.com/", false],
  ])("%s: %s", (url, expected) => {
    expect(looksLikeSitemap(new URL(url))).toBe(expected);
  });
});
