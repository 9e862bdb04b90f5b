import { describe, expect, it } from "vitest";
import { llmsTxt } from "../../../src/analysis/checks/llms-txt";
import { digestLlmsTxt } from "../../../src/analysis/llms-txt";
import type { LlmsTxtFacts } from "../../../src/analysis/types";
import { makePage } from "../../helpers/page";

const url = "https://example.com/llms.txt";
const answered = (status: number | null, text: string | null = null, error: string | null = null): LlmsTxtFacts => ({
  url,
  status,
  error,
  digest: text === null ? null : digestLlmsTxt(text, url),
});
const run = (llms: LlmsTxtFacts | undefined) => {
  const page = makePage("<p>x</p>");
  return llmsTxt.run({ ...page, site: { ...page.site, llms } });
};

const good = "# Example\n\nSee [the guide](https://example.com/guide) for everything you need.\n";
const extras = [
  "# Example Docs",
  "> Example makes widgets; these pages explain how to use them.",
  "",
  "Some notes.",
  "",
  "## Docs",
  "- [Quick start](https://example.com/start.md): install and first widget",
  "- [API](/api.md)",
  "",
  "## Optional",
  "- [History](https://example.com/history.md)",
  "- [Elsewhere](https://other.example/x)",
].join("\n");

describe("llms_txt check (Lighthouse 13.5's llms-txt)", () => {
  it("is not applicable without llms.txt (404) or without fetched facts", () => {
    expect(run(answered(404))).toEqual({ passed: true, applicable: false, value: { url, status: 404, found: false } });
    expect(run(answered(403)).applicable).toBe(false);
    expect(run(undefined).applicable).toBe(false);
  });

  it("fails a 5xx answer with its status", () => {
    expect(run(answered(500))).toEqual({ passed: false, value: { url, status: 500 }, errors: { llms_txt_server_error: 500 } });
  });

  it("fails a timeout or a connection failure", () => {
    expect(run(answered(null, null, "timeout"))).toEqual({ passed: false, value: { url, status: null }, errors: { llms_txt_unreachable: "timeout" } });
    expect(run(answered(null, null, "connection_failed")).errors).toEqual({ llms_txt_unreachable: "connection_failed" });
  });

  it("fails a file shorter than 50 characters even with an H1 and a link", () => {
    const v = run(answered(200, "# T\n[a](https://e.com)"));
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ too_short: { length: 22, min: 50 } });
  });

  it("fails a file without an H1 line; `## x` is not one", () => {
    const v = run(answered(200, "## Docs\nSee [the guide](https://example.com/guide) for everything you need.\n"));
    expect(v.errors).toEqual({ no_h1_line: true });
  });

  it("fails a file without a one-line markdown link", () => {
    expect(run(answered(200, "# Example\n\nA site about widgets with nothing else to say at all, honestly.\n")).errors).toEqual({ no_markdown_link: true });
    expect(run(answered(200, "# Example\n\nSee [the guide\n](https://example.com/guide) for everything you need.\n")).errors).toEqual({
      no_markdown_link: true,
    });
  });

  it("fails an empty 200 (or an HTML catch-all page) on every count", () => {
    expect(run(answered(200, "")).errors).toEqual({ no_h1_line: true, no_markdown_link: true, too_short: { length: 0, min: 50 } });
    expect(run(answered(200, "<!doctype html><html><body><div id=app></div></body></html>")).errors).toEqual({ no_h1_line: true, no_markdown_link: true });
  });

  it("passes a good file, an H1 not on the first line, and `#` followed by a line (\\s+ crosses the newline)", () => {
    const v = run(answered(200, good));
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({ url, status: 200, length: good.length, llmstxt_org: { h1_first_line: true, summary: false, sections: 0, links: 1 } });
    expect(run(answered(200, `Intro line\n${good}`)).passed).toBe(true);
    expect(run(answered(200, "#\n## Docs\n- [a](https://example.com/a) and some more words here")).passed).toBe(true);
  });

  it("reports what llmstxt.org asks for in value, without failing on it", () => {
    const v = run(answered(200, extras));
    expect(v).toEqual({
      passed: true,
      value: {
        url,
        status: 200,
        length: extras.length,
        llmstxt_org: { h1_first_line: true, summary: true, sections: 2, links: 4, list_links: 4, optional_section: true },
      },
    });
  });

  it("fails a 2xx-less answer that has no body (Lighthouse errors on it)", () => {
    expect(run(answered(304)).errors).toEqual({ llms_txt_no_content: 304 });
  });
});

describe("digestLlmsTxt", () => {
  it("keeps same-host http(s) links, resolved and deduplicated, for the crawl's llms_txt_links", () => {
    const d = digestLlmsTxt(extras + "\n- [Again](https://example.com/start.md#top)\n- [Mail](mailto:a@example.com)", url);
    expect(d.sameHost).toEqual(["https://example.com/start.md", "https://example.com/api.md", "https://example.com/history.md"]);
    expect(d.sameHostCount).toBe(3);
  });
});
