import { describe, expect, it } from "vitest";
import { isAllowed, matches, normalisePath, parsedRobotsOf, parseRobots, robotsAvailability, robotsLines } from "../../src/analysis/robots";

const allowed = (body: string, agent: string, path: string) => isAllowed(parseRobots(body), agent, path).allowed;

describe("robots.txt matching (RFC 9309)", () => {
  it("lets the longest matching rule win", () => {
    const body = "User-agent: *\nAllow: /p\nDisallow: /\n";
    expect(allowed(body, "*", "/page")).toBe(true);
    expect(allowed(body, "*", "/other")).toBe(false);
    expect(allowed("User-agent: *\nAllow: /page\nDisallow: /*.html\n", "*", "/page.html")).toBe(false);
  });

  it("prefers Allow when an Allow and a Disallow match equally long", () => {
    expect(allowed("User-agent: *\nDisallow: /folder\nAllow: /folder\n", "*", "/folder/page")).toBe(true);
  });

  it("supports * wildcards and the $ end anchor", () => {
    const body = "User-agent: *\nAllow: /$\nDisallow: /\nDisallow: /*.php$\n";
    expect(allowed(body, "*", "/")).toBe(true);
    expect(allowed(body, "*", "/page.htm")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /*.php$\n", "*", "/index.php")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /*.php$\n", "*", "/index.php?x=1")).toBe(true);
    expect(allowed("User-agent: *\nDisallow: /a*b*c\n", "*", "/axxbyyc/d")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /a*b*c\n", "*", "/axxbyy")).toBe(true);
  });

  it("treats an empty Disallow as allowing everything", () => {
    expect(allowed("User-agent: *\nDisallow:\n", "*", "/anything")).toBe(true);
  });

  it("matches the query string as part of the path", () => {
    expect(allowed("User-agent: *\nDisallow: /search?q=\n", "*", "/search?q=shoes")).toBe(false);
  });

  it("normalises percent-encoding on both sides", () => {
    expect(allowed("User-agent: *\nDisallow: /%7Efoo\n", "*", "/~foo/bar")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /~foo\n", "*", "/%7efoo")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /foo/ä\n", "*", "/foo/%C3%A4")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /a%2fb\n", "*", "/a/b")).toBe(true);
    expect(normalisePath("/a b/%2f/ü")).toBe("/a%20b/%2F/%C3%BC");
  });

  it("picks the group naming the crawler's product token over the * group, case-insensitively", () => {
    const body = "User-agent: *\nDisallow: /\n\nUser-agent: GoogleBot/2.1\nDisallow: /private\n";
    expect(allowed(body, "Googlebot", "/page")).toBe(true);
    expect(allowed(body, "Googlebot", "/private/x")).toBe(false);
    expect(allowed(body, "*", "/page")).toBe(false);
  });

  it("does not let Googlebot-Image rules apply to Googlebot", () => {
    const body = "User-agent: Googlebot-Image\nDisallow: /\n";
    expect(allowed(body, "Googlebot", "/page")).toBe(true);
  });

  it("combines every group that names the same crawler", () => {
    const body = "User-agent: googlebot\nDisallow: /a\n\nUser-agent: bingbot\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /b\n";
    expect(allowed(body, "Googlebot", "/a")).toBe(false);
    expect(allowed(body, "Googlebot", "/b")).toBe(false);
    expect(allowed(body, "Googlebot", "/c")).toBe(true);
  });

  it("lets consecutive user-agent lines share one group", () => {
    const body = "User-agent: googlebot\nUser-agent: *\nCrawl-delay: 5\nUser-agent: bingbot\nDisallow: /x\n";
    expect(allowed(body, "Googlebot", "/x")).toBe(false);
    expect(allowed(body, "*", "/x")).toBe(false);
  });

  it("does not fall back to * when the crawler's own group has no rules", () => {
    const body = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\n";
    expect(allowed(body, "Googlebot", "/page")).toBe(true);
  });

  it("ignores rules before any user-agent line, comments and a byte-order mark", () => {
    expect(allowed("Disallow: /\nUser-agent: *\nAllow: /\n", "*", "/page")).toBe(true);
    expect(allowed("\uFEFFUser-agent: * # everyone\nDisallow: /private # secret\n", "*", "/private")).toBe(false);
  });

  it("reports the deciding rule and its line", () => {
    const decision = isAllowed(parseRobots("User-agent: *\n\nDisallow: /private\n"), "*", "/private/x");
    expect(decision).toEqual({ allowed: false, rule: { allow: false, pattern: "/private", line: 3, text: "Disallow: /private" } });
  });

  it("matches a long wildcard pattern without blowing up", () => {
    const pattern = "/" + "*a".repeat(50) + "$";
    expect(matches(pattern, "/" + "a".repeat(2000) + "b")).toBe(false);
    expect(matches(pattern, "/" + "a".repeat(2000))).toBe(true);
  });

  it("collects sitemaps and keeps line numbers of directive lines", () => {
    expect(parseRobots("Sitemap: https://e.com/s.xml\nUser-agent: *\n").sitemaps).toEqual(["https://e.com/s.xml"]);
    expect(robotsLines("# c\n\nfoo\nAllow: /x").map((l) => [l.number, l.key, l.value])).toEqual([
      [3, null, "foo"],
      [4, "allow", "/x"],
    ]);
  });

  it("classifies robots.txt fetch outcomes", () => {
    const url = "https://e.com/robots.txt";
    expect(robotsAvailability({ url, status: 404, body: "Not found" })).toBe("missing");
    expect(robotsAvailability({ url, status: null, body: null })).toBe("missing");
    expect(robotsAvailability({ url, status: 503, body: "" })).toBe("unreachable");
    expect(robotsAvailability({ url, status: 429, body: null })).toBe("unreachable");
    expect(robotsAvailability({ url, status: 200, body: "" })).toBe("available");
  });

  it("parses one robots.txt once for every check that reads it, as parseRobots would", () => {
    const facts = { url: "https://example.com/robots.txt", status: 200, body: "User-agent: *\nDisallow: /private\n" };
    const parsed = parsedRobotsOf(facts);
    expect(parsed).toEqual(parseRobots(facts.body));
    expect(parsedRobotsOf(facts)).toBe(parsed);
    expect(parsedRobotsOf({ ...facts, body: null })).toEqual(parseRobots(""));
  });
});
