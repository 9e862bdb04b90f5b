import { describe, expect, it } from "vitest";
import { describeErrors, describeValue } from "../../src/page/describe-result";

describe("describeValue and describeErrors", () => {
  it("describes values in one short line", () => {
    expect(describeValue("Home")).toBe("“Home”");
    expect(describeValue(null)).toBe("none");
    expect(describeValue({})).toBe("none");
    expect(describeValue({ hsts: false, csp: true })).toBe("hsts no, csp yes");
    expect(describeValue({ images: 3, without_alt: 1 })).toBe("images 3, without alt 1");
    expect(describeValue({ h1: ["Welcome"], h2: [], h3: ["a", "b"] })).toBe("h1 “Welcome”, h2 none, h3 2 items");
    expect(describeValue(["a", "b", "c", "d", "e"])).toBe("“a”, “b”, “c” and 2 more");
    expect(describeValue("x".repeat(500)).length).toBeLessThanOrEqual(160);
  });

  it("describes errors by their keys in words, with their details", () => {
    expect(describeErrors({ too_long: { length: 72, max: 60 } })).toBe("too long: length 72, max 60");
    expect(describeErrors({ missing: true })).toBe("missing");
    expect(describeErrors({ missing_alt: ["/a.png", "/b.png"], whitespace_alt: ["/c.png"] })).toBe(
      "missing alt: “/a.png”, “/b.png”; whitespace alt: “/c.png”",
    );
    expect(describeErrors(undefined)).toBe("");
  });

  it("says what is wrong with llms.txt and which AI crawlers robots.txt keeps out, in sentences", () => {
    expect(describeErrors({ no_h1_line: true, no_markdown_link: true })).toBe(
      "llms.txt has no H1 line such as `# Site name`; llms.txt has no markdown link written on one line, such as `[Docs](https://example.com/docs)`",
    );
    expect(describeErrors({ llms_txt_server_error: 500 })).toBe("llms.txt answered HTTP 500, a server error");
    expect(describeErrors({ llms_txt_unreachable: "timeout" })).toBe("llms.txt did not answer (timeout)");
    expect(describeErrors({ ai_blocked: [{ agent: "OAI-SearchBot", group: "search", line: 5, rule: "Disallow: /" }] })).toBe(
      "robots.txt keeps OAI-SearchBot (line 5: “Disallow: /”) out of this page while it lets Googlebot in",
    );
  });

  it("says in plain words why a file: canonical fails", () => {
    expect(describeErrors({ not_http: { href: "file:///home/me/docs/index.html", scheme: "file:" } })).toBe(
      "The canonical URL uses file:, which search engines cannot follow; use an https:// URL.",
    );
  });

});
