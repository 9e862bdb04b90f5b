import { describe, expect, it } from "vitest";
import { markdownForAgents } from "../../../src/analysis/checks/markdown-for-agents";
import type { MarkdownFacts } from "../../../src/analysis/types";
import { makePage } from "../../helpers/page";

const url = "https://example.com/page";
const answer = (facts: Partial<MarkdownFacts>): MarkdownFacts => ({
  via: "negotiation",
  url,
  status: 200,
  error: null,
  contentType: "text/markdown",
  varyAccept: true,
  html: false,
  ...facts,
});
const run = (markdown: MarkdownFacts | null | undefined) => {
  const page = makePage("<p>x</p>", { url });
  return markdownForAgents.run({ ...page, fetch: { ...page.fetch, markdown } });
};

describe("markdown_for_agents", () => {
  it("passes working negotiation and a working alternate", () => {
    expect(run(answer({}))).toEqual({ passed: true, value: { via: "negotiation", url, status: 200, content_type: "text/markdown", vary_accept: true } });
    expect(run(answer({ via: "link", varyAccept: false })).passed).toBe(true);
  });

  it("is not applicable when negotiation is not offered or not asked", () => {
    expect(run(answer({ contentType: "text/html" }))).toMatchObject({ passed: true, applicable: false, value: { offered: false } });
    expect(run(answer({ status: 406, contentType: "text/plain" }))).toMatchObject({ applicable: false });
    expect(run(answer({ status: null, error: "timeout", contentType: null }))).toMatchObject({ applicable: false, value: { error: "timeout" } });
    expect(run(null)).toMatchObject({ applicable: false, value: { offered: false } });
    expect(run(undefined)).toMatchObject({ applicable: false });
  });

  it("fails negotiation that forgets Vary: Accept, relabels HTML, or errors", () => {
    expect(run(answer({ varyAccept: false })).errors).toEqual({ no_vary_accept: true });
    expect(run(answer({ html: true })).errors).toEqual({ html_as_markdown: true });
    expect(run(answer({ status: 503, contentType: "text/html" })).errors).toEqual({ markdown_server_error: 503 });
  });

  it("fails an advertised alternate that does not answer 2xx text/markdown", () => {
    expect(run(answer({ via: "link", status: 404, contentType: "text/html" })).errors).toEqual({ markdown_status: 404 });
    expect(run(answer({ via: "link", contentType: "text/plain" })).errors).toEqual({ markdown_wrong_type: "text/plain" });
    expect(run(answer({ via: "link", status: null, error: "blocked_url", contentType: null })).errors).toEqual({ markdown_unreachable: "blocked_url" });
    expect(run(answer({ via: "link", html: true })).errors).toEqual({ html_as_markdown: true });
  });
});
