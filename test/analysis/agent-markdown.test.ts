// markdown_for_agents through the real fetch layer: analyzePage against the local page server's /agents/md/ pages,
// at most one extra request per page and none when nothing is offered (counted in its request log), and the verdict
// each way of offering markdown gets.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { advertisedMarkdown } from "../../src/analysis/agent-markdown";
import { analyzePage } from "../../src/analysis/analyze";
import { defaultAnalysisOptions } from "../../src/analysis/settings";
import { requestsTo } from "../helpers/request-log";

const origin = env.PAGE_SERVER;
const local = { ...defaultAnalysisOptions, allowPrivateTargets: true };

async function verdictOf(path: string) {
  const outcome = await analyzePage(`${origin}/agents/md/${path}`, local);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.results.markdown_for_agents!;
}

describe("markdown_for_agents, at most one request per page", () => {
  it("passes negotiation that answers text/markdown with Vary: Accept, asking with Accept: text/markdown once", async () => {
    const verdict = await verdictOf("negotiated");
    expect(verdict).toMatchObject({
      category: "ai",
      passed: true,
      value: { via: "negotiation", url: `${origin}/agents/md/negotiated`, status: 200, content_type: "text/markdown", vary_accept: true },
    });
    const asked = await requestsTo(origin, "/agents/md/negotiated");
    expect(asked.filter((r) => r.headers.accept === "text/markdown")).toHaveLength(1);
  });

  it("fails negotiation without Vary: Accept, HTML relabelled as markdown, and a server error to Accept: text/markdown", async () => {
    expect(await verdictOf("negotiated-no-vary")).toMatchObject({ passed: false, errors: { no_vary_accept: true } });
    expect(await verdictOf("negotiated-html")).toMatchObject({ passed: false, errors: { html_as_markdown: true } });
    expect(await verdictOf("negotiated-500")).toMatchObject({ passed: false, errors: { markdown_server_error: 500 } });
  });

  it("asks nothing of a page that offers nothing: no alternate link and no Vary: Accept on its answer", async () => {
    for (const path of ["none", "negotiated-unsaid"]) {
      expect(await verdictOf(path)).toMatchObject({ passed: true, value: { offered: false } });
      expect((await requestsTo(origin, `/agents/md/${path}`)).map((r) => r.headers.accept)).not.toContain("text/markdown");
    }
  });

  it("is not applicable when a page that varies on Accept answers HTML or 406 to Accept: text/markdown", async () => {
    expect(await verdictOf("varies-html-only")).toMatchObject({ passed: true, value: { offered: false, via: "negotiation", content_type: "text/html" } });
    expect(await verdictOf("negotiated-406")).toMatchObject({ passed: true, value: { offered: false, status: 406 } });
  });

  it("follows an advertised alternate (<link> or Link header) instead of negotiating, and fails it when broken", async () => {
    const file = `${origin}/agents/md/files/page.md`;
    expect(await verdictOf("link-ok")).toMatchObject({ passed: true, value: { via: "link", url: file, status: 200, content_type: "text/markdown" } });
    expect(await verdictOf("link-header")).toMatchObject({ passed: true, value: { via: "link", url: file } });
    expect(await verdictOf("link-missing")).toMatchObject({ passed: false, errors: { markdown_status: 404 } });
    expect(await verdictOf("link-wrong-type")).toMatchObject({ passed: false, errors: { markdown_wrong_type: "text/plain" } });
    expect(await verdictOf("link-html")).toMatchObject({ passed: false, errors: { html_as_markdown: true } });
    // The page with a link is not asked for markdown itself: one extra request, to the alternate.
    const asked = await requestsTo(origin, "/agents/md/link-ok");
    expect(asked.filter((r) => r.headers.accept === "text/markdown")).toEqual([]);
  });

  it("goes through the URL guard like every fetch: a link to a private address is blocked, not fetched", async () => {
    const page = `${origin}/agents/md/link-private`;
    expect(advertisedMarkdown({ html: '<LINK href="/a.md" TYPE="text/markdown; charset=utf-8" rel="Alternate nofollow">', headers: {}, finalUrl: page })).toBe(`${origin}/a.md`);
    const outcome = await analyzePage(page, { ...local, allowPrivateTargets: false, trustedOrigin: origin });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.results.markdown_for_agents).toMatchObject({ passed: false, value: { via: "link", url: "http://10.0.0.1/page.md" }, errors: { markdown_unreachable: "blocked_url" } });
  });
});
