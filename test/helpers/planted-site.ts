import type { PageBatches } from "../../src/site/checks/index";
import type { SitePage } from "../../src/site/checks/types";
import { audited, blocked, u } from "./site-view";

// A planted site for the site checks and the link plan, and its pages read in batches as the crawl reads them from D1.

export const ext = (path: string) => `https://elsewhere.example${path}`;

/** A site on which every check but llms_txt_links has something to say, in crawl order. */
export const planted: SitePage[] = [
  audited("/", {
    title: "Home",
    description: "Shop",
    h1: "Shop",
    links: [u("/a"), u("/b"), u("/gone"), u("/unaudited"), u("/404"), u("/private/x"), u("/en")],
    external: [ext("/dead"), ext("/ok")],
  }),
  audited("/a", { title: "Shoes", description: "Shoes", h1: "Shoes", links: [u("/"), u("/gone"), u("/unaudited")], external: [ext("/dead")] }),
  audited("/b", { title: " SHOES ", description: "shoes", h1: "Shoes", links: [u("/"), u("/canonicalised")] }),
  audited("/c", { title: "Hats", canonical: u("/noindex"), links: [u("/")] }, false),
  audited("/noindex", { title: "Hidden", noindex: true }),
  audited("/canonicalised", { title: "Copy", canonical: u("/a") }),
  audited("/old", { url: u("/moved"), redirects: 2, title: "Moved" }),
  audited("/404", { status: 404, title: "Not found" }),
  audited("/orphan", { title: "Orphan" }),
  audited("/only-linked", { title: "Only linked" }, false),
  audited("/en", { title: "English", hreflang: [u("/fr")] }),
  audited("/fr", { title: "Français", hreflang: [u("/de")] }),
  blocked("/private/x"),
];
export const links = new Map([
  [u("/gone"), { status: 410, error: null }],
  [u("/unaudited"), { status: 200, error: null }],
  [ext("/dead"), { status: 404, error: null }],
  [ext("/ok"), { status: 200, error: null }],
]);

/** The pages in batches of `size`, read afresh on every call, counting the reads. */
export function batchesOf(pages: SitePage[], size: number) {
  let reads = 0;
  const batches: PageBatches = async (each) => {
    reads += 1;
    for (let i = 0; i < pages.length; i += size) each(pages.slice(i, i + size));
  };
  return { batches, reads: () => reads };
}
