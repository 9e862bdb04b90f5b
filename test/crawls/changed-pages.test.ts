import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";

// A set of steered pages of its own (test/server/steered-site.ts): title changes, noindex arrives, same stays.
const set = `cmp-${Date.now().toString(36)}`;
const url = (name: string) => site(`/steered/${set}/${name}`);
async function steer(name: string, params: Record<string, string> = {}) {
  const res = await fetch(site(`/steered/${set}/__set/${name}?${new URLSearchParams(params)}`));
  expect(res.status).toBe(200);
}

async function crawl(caller: Caller) {
  const res = await startCrawl(caller.key, { url: site(`/steered/${set}/sitemap.xml`), source: "sitemap" });
  expect(res.status, res.text).toBe(201);
  const done = await waitForCrawl(caller.key, res.json.data.id, 60_000);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  expect(done.pages.audited).toBe(3);
  return done.id as number;
}

describe("compare: the pages whose title or indexability changed between two real crawls", () => {
  let caller: Caller;
  let first: number;
  let second: number;

  beforeAll(async () => {
    caller = await createCaller("changed-pages");
    for (const name of ["title", "noindex", "same"]) await steer(name);
    first = await crawl(caller);
    await steer("title", { title: "A rewritten title after the deploy" });
    await steer("noindex", { robots: "noindex" });
    second = await crawl(caller);
  }, 150_000);

  it("lists exactly the retitled page and the page turned noindex, with before and after; the unchanged page in neither", async () => {
    const res = await call(`/api/v1/crawls/${second}/compare`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.detail).toBe("pages");
    expect(res.json.data.changed).toEqual({
      title: { pages: 1, examples: [{ url: url("title"), before: "Steered page title", after: "A rewritten title after the deploy" }] },
      indexable: { pages: 1, examples: [{ url: url("noindex"), before: true, after: false, because: "noindex in meta robots" }] },
    });
    // The same three URLs in both crawls: nothing added or removed.
    expect(res.json.data.pages).toEqual({ added: { pages: 0, examples: [] }, removed: { pages: 0, examples: [] } });
  });

  it("reads the other way round with ?with=: the first crawl against the second shows the reverse changes", async () => {
    const res = await call(`/api/v1/crawls/${first}/compare?with=${second}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.changed).toEqual({
      title: { pages: 1, examples: [{ url: url("title"), before: "A rewritten title after the deploy", after: "Steered page title" }] },
      indexable: { pages: 1, examples: [{ url: url("noindex"), before: false, after: true, because: null }] },
    });
  });

  it("is null when one crawl was pruned: its pages are gone, so only crawl-level figures compare", async () => {
    await env.DB.prepare("UPDATE crawls SET pruned_at = ? WHERE id = ?").bind(new Date().toISOString(), first).run();
    const res = await call(`/api/v1/crawls/${second}/compare`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.detail).toBe("crawl");
    expect(res.json.data.changed).toBeNull();
  });
});
