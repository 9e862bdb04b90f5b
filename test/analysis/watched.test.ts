import { describe, expect, it } from "vitest";
import { MAX_WATCHED_BYTES, textHash, watchedBytes, watchedOf } from "../../src/analysis/watched";
import { makePage } from "../helpers/page";

const html = (head: string, body = "<h1>Shoes</h1><p>Red shoes for every day.</p>") =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("watchedOf", () => {
  it("reads status, final URL, title, description, H1, canonical, robots, hreflang, types and words off the parsed page", () => {
    const page = makePage(
      html(
        `<title>Red shoes</title><meta name="description" content="All the red shoes."><link rel="canonical" href="/shoes">
         <meta name="robots" content="noindex, follow"><link rel="alternate" hreflang="de" href="/de/shoes">
         <link rel="alternate" hreflang="en" href="https://example.com/shoes">
         <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Shoe"}</script>`,
      ),
      { url: "https://example.com/shoes?x=1", headers: { "x-robots-tag": "nofollow" } },
    );
    expect(watchedOf(page)).toEqual({
      status: 200,
      final_url: "https://example.com/shoes?x=1",
      title: "Red shoes",
      description: "All the red shoes.",
      h1: "Shoes",
      canonical: "https://example.com/shoes",
      robots: ["meta robots: noindex, follow", "x-robots-tag: nofollow"],
      indexable: false,
      not_indexable_because: "noindex in meta robots",
      hreflang: ["de https://example.com/de/shoes", "en https://example.com/shoes"],
      types: ["Product"],
      words: 6,
      text_hash: textHash(" Red shoes for every day."),
    });
  });

  it("an indexable page without any of them has nulls and empty lists; X-Robots-Tag noindex says why", () => {
    const bare = watchedOf(makePage("<!doctype html><p>Hi</p>"));
    expect(bare).toMatchObject({ title: null, description: null, h1: null, canonical: null, robots: [], indexable: true, not_indexable_because: null, hreflang: [], types: [] });
    const header = watchedOf(makePage(html("<title>x</title>"), { headers: { "x-robots-tag": "noindex" } }));
    expect(header).toMatchObject({ indexable: false, not_indexable_because: "noindex in x-robots-tag" });
  });

  it("the H1 is not part of the text hash: editing it changes h1 only", () => {
    const a = watchedOf(makePage(html("", "<h1>One</h1><p>Body text.</p>")));
    const b = watchedOf(makePage(html("", "<h1>Two</h1><p>Body text.</p>")));
    expect(a.text_hash).toBe(b.text_hash);
    const c = watchedOf(makePage(html("", "<h1>One</h1><p>Other text.</p>")));
    expect(c.text_hash).not.toBe(a.text_hash);
  });

  it("stays under 2 KB on a page of long strings and many alternates", () => {
    const long = "é".repeat(5000);
    const alternates = Array.from({ length: 200 }, (_, i) => `<link rel="alternate" hreflang="x${i}" href="/${"p".repeat(500)}${i}">`).join("");
    const page = makePage(html(`<title>${long}</title><meta name="description" content="${long}"><link rel="canonical" href="/${long}">${alternates}`, `<h1>${long}</h1>`), {
      url: `https://example.com/${"a".repeat(3000)}`,
    });
    const watched = watchedOf(page);
    expect(watchedBytes(watched)).toBeLessThanOrEqual(MAX_WATCHED_BYTES);
    expect(watched.title!.length).toBeLessThan(200);
    expect(watched.hreflang.length).toBeGreaterThan(0);
  });
});
