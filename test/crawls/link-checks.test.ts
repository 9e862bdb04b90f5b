import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { linkFillers } from "../server/crawl-site";

const INTERVAL_MS = Number(env.CRAWL_INTERVAL_MS);
const other = (path: string) => `${env.OTHER_HOST}${path}`;

/** What `origin`'s page server received on paths containing `tag`, with each request's method and arrival. */
async function received(tag: string, origin = env.CRAWL_SITE): Promise<{ method: string; url: string; at: number }[]> {
  return (await fetch(`${origin}/__requests?tag=${encodeURIComponent(tag)}`)).json();
}

const sorted = <T extends { linked_from: string[] }>(example: T) => ({ ...example, linked_from: [...example.linked_from].sort() });

describe("link checks of a crawl (test/server/crawl-site.ts /links/, LINK_CHECK_LIMIT 8, LINK_CHECK_PER_HOST 2)", () => {
  let caller: Caller;
  let crawl: Record<string, any>;
  const sources = [site("/links/"), site("/links/a")];

  beforeAll(async () => {
    caller = await createCaller("links");
    const res = await startCrawl(caller.key, { url: site("/links/sitemap.xml"), source: "sitemap", limit: 2 });
    expect(res.status, res.text).toBe(201);
    crawl = await waitForCrawl(caller.key, res.json.data.id, 60_000);
  }, 90_000);

  it("completes after the pages and the link-check steps of the crawl queue", () => {
    expect(crawl.status, JSON.stringify(crawl)).toBe("completed");
    expect(crawl).toMatchObject({ truncated: true, pages: { found: 3, audited: 2, pending: 0 } });
  });

  it("broken_internal_links reports targets the crawl did not audit, with their status and sources, and says partly checked", () => {
    const check = crawl.site_checks.broken_internal_links;
    expect(check).toMatchObject({ passed: false, applicable: true, count: 3, partly_checked: true });
    expect(check.examples.map(sorted)).toEqual([
      { url: site("/links/gone"), status: 404, linked_from: sources },
      { url: site("/links/doc.pdf"), status: 404, linked_from: sources },
      { url: site("/links/head-refused"), status: 404, linked_from: sources },
    ]);
    // Audited: home and a. Checked: b, gone, the two PDFs, head-refused and two fillers. Blocked: private/x.
    // Not checked: the two fillers past LINK_CHECK_LIMIT (the plan keeps the most linked targets).
    expect(check.value).toEqual({ checked: 9, not_checked: 2, blocked: 1 });
  });

  it("broken_external_links reports the other host's 404 with its sources; the target past the per-host cap is not checked", () => {
    const check = crawl.site_checks.broken_external_links;
    expect(check).toMatchObject({ passed: false, applicable: true, count: 1, partly_checked: true, value: { checked: 2, not_checked: 1 } });
    expect(check.examples.map(sorted)).toEqual([{ url: other("/ext/links/gone"), status: 404, linked_from: sources }]);
  });

  it("asks with HEAD, falls back to GET when HEAD is refused, and never fetches what robots.txt disallows or the bounds leave out", async () => {
    const methods = async (path: string, origin?: string) => (await received(path, origin)).map((r) => r.method);
    expect(await methods("/links/report.pdf")).toEqual(["HEAD"]);
    expect(await methods("/links/doc.pdf")).toEqual(["HEAD"]);
    expect(await methods("/links/gone")).toEqual(["HEAD"]);
    expect(await methods("/links/head-refused")).toEqual(["HEAD", "GET"]);
    expect(await received("/links/private/")).toEqual([]);
    for (const filler of linkFillers("/links/").slice(2)) expect(await received(filler)).toEqual([]);
    expect(await methods("/ext/links/gone", env.OTHER_HOST)).toEqual(["HEAD"]);
    expect(await received("/ext/links/third", env.OTHER_HOST)).toEqual([]);
  });

  it("spaces the internal link checks like the crawl's pages: never closer than CRAWL_INTERVAL_MS", async () => {
    const times = (await received("/links/"))
      .filter((r) => !r.url.endsWith("sitemap.xml"))
      .map((r) => r.at)
      .sort((a, b) => a - b);
    // 2 pages, 7 link checks (one of them two requests: HEAD then GET, in the same turn).
    expect(times).toHaveLength(10);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const turns = gaps.filter((gap) => gap >= INTERVAL_MS);
    expect(turns.length, JSON.stringify(gaps)).toBe(8);
  });

  it("shows the partly checked verdicts on the crawl page", async () => {
    const res = await call(`/crawls/${crawl.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Links to other sites lead to working pages");
    expect(res.text).toContain("Links to other sites lead to working pages <span class=\"tag\">1 found, partly checked</span>");
    expect(res.text).toContain("Internal links lead to working pages <span class=\"tag\">3 found, partly checked</span>");
  });
});
