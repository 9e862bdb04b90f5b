import { describe, expect, it } from "vitest";
import { digestLlmsTxt, LLMS_TXT_MAX_LINKS } from "../../src/analysis/llms-txt";

const url = "https://example.com/llms.txt";

describe("digestLlmsTxt", () => {
  it("reads llmstxt.org's structure: H1 first, a summary, sections, list links and an Optional section", () => {
    const text = ["\uFEFF# Example", "> A site about examples.", "", "## Docs", "- [Guide](/guide): how to", "- [API](https://example.com/api#top)", "", "## Optional", "* [Blog](https://other.example/blog)"].join("\n");
    expect(digestLlmsTxt(text, url)).toEqual({
      length: text.length,
      truncated: false,
      hasH1: true,
      hasLink: true,
      h1First: true,
      summary: true,
      sections: 2,
      links: 3,
      listLinks: 3,
      optional: true,
      sameHost: ["https://example.com/guide", "https://example.com/api"],
      sameHostCount: 2,
    });
  });

  it("gives Lighthouse's inputs for a file without structure, and keeps no link of another scheme or host", () => {
    const digest = digestLlmsTxt("just words\n[mail](mailto:a@example.com) [x](https://example.com.evil/x)", url, true);
    expect(digest).toMatchObject({ hasH1: false, hasLink: true, h1First: false, summary: false, sections: 0, links: 2, sameHost: [], truncated: true });
  });

  it(`keeps at most ${LLMS_TXT_MAX_LINKS} same-host URLs, counting them all`, () => {
    const text = Array.from({ length: LLMS_TXT_MAX_LINKS + 20 }, (_, i) => `[p${i}](/p/${i})`).join("\n");
    const digest = digestLlmsTxt(text, url);
    expect(digest.sameHost).toHaveLength(LLMS_TXT_MAX_LINKS);
    expect(digest.sameHostCount).toBe(LLMS_TXT_MAX_LINKS + 20);
  });
});
