import { describe, expect, it } from "vitest";
import type { Check, Results } from "../../src/analysis/types";
import { checks } from "../../src/analysis/checks/index";
import { arrangeChecks } from "../../src/page/arrange-checks";
import { describeErrors, describeValue } from "../../src/page/describe-result";
import { resultColours } from "../../src/page/palette";

function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("report page rendering helpers", () => {
  it.each(Object.entries(resultColours))("the %s badge colour passes WCAG AA for white text (4.5:1)", (_, colour) => {
    expect(contrast(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

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

  it("groups checks by category in a fixed order, failed first, then by importance, with registry titles", () => {
    const registry = [
      { id: "a", category: "seo", importance: "low", title: "A title", fix: "Fix A" },
      { id: "b", category: "seo", importance: "high", title: "B title", fix: "Fix B" },
      { id: "c", category: "security", importance: "high", title: "C title", fix: "Fix C" },
    ] as unknown as Check[];
    const results: Results = {
      c: { category: "security", importance: "high", passed: true, value: 1 },
      a: { category: "seo", importance: "low", passed: false, value: 1, errors: { x: true } },
      b: { category: "seo", importance: "high", passed: true, value: 1 },
      gone_check: { category: "seo", importance: "medium", passed: false, value: null },
    };
    const sections = arrangeChecks(results, registry);
    expect(sections.map((s) => s.category)).toEqual(["seo", "security"]);
    expect(sections[0]!.rows.map((r) => r.id)).toEqual(["gone_check", "a", "b"]);
    expect(sections[0]!.rows[0]!.title).toBe("gone check");
    expect(sections[0]!.rows[1]).toMatchObject({ title: "A title", fix: "Fix A", passed: false });
    expect(sections[0]!.passed).toBe(1);
  });

  it("shows the ai checks last, as \"AI search and agents\", with their registry titles and fixes", () => {
    const results: Results = {
      llms_txt: { category: "ai", importance: "low", passed: false, value: null, errors: { no_h1_line: true } },
      title: { category: "seo", importance: "high", passed: true, value: "x" },
      ai_crawlers: { category: "ai", importance: "medium", passed: true, value: null },
    };
    const sections = arrangeChecks(results, checks);
    expect(sections.map((s) => s.name)).toEqual(["SEO", "AI search and agents"]);
    expect(sections[1]!.rows.map((r) => r.id)).toEqual(["llms_txt", "ai_crawlers"]);
    expect(sections[1]!.rows[0]!.fix).toContain("Serve /llms.txt");
  });
});
