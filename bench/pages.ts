import { readFileSync } from "node:fs";
import { seededRandom } from "../scripts/local-tools.mjs";
import { parsePage } from "../src/analysis/parse";
import { VOCABULARY } from "../src/analysis/structured-data/vocabulary-data";
import { defaultCheckSettings, type FetchFacts, type Page, type SiteFacts } from "../src/analysis/types";

/** Deterministic pseudo-random numbers: the same page on every run and every machine. */
export function seeded(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

const WORDS = (
  "the page search engine content index crawler link title description heading image alt text performance " +
  "server response cache header security policy request script style layout mobile viewport language audit " +
  "report score result project domain canonical sitemap robots structured data social card open graph " +
  "render resource compression certificate redirect status keyword ranking visitor browser markup element"
).split(" ");

function sentence(r: ReturnType<typeof seeded>, words: number) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(r.pick(WORDS));
  const text = out.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(r: ReturnType<typeof seeded>) {
  const parts: string[] = [];
  const sentences = r.int(3, 7);
  for (let i = 0; i < sentences; i++) {
    let s = sentence(r, r.int(8, 20));
    const roll = r.next();
    if (roll < 0.25) s = s.replace(/ (\w+) (\w+)/, ` <a href="/${r.pick(WORDS)}/${r.pick(WORDS)}-${r.int(1, 900)}">$1 $2</a>`);
    else if (roll < 0.35) s = s.replace(/ (\w+)/, ` <strong>$1</strong>`);
    else if (roll < 0.42) s = s.replace(/ (\w+)/, ` <code>$1</code>`);
    else if (roll < 0.47) s = s.replace(/ (\w+)/, ` <a href="https://${r.pick(WORDS)}.example.org/${r.pick(WORDS)}" rel="noopener" target="_blank">$1</a>`);
    parts.push(s);
  }
  return `<p>${parts.join(" ")}</p>`;
}

function image(r: ReturnType<typeof seeded>) {
  const name = `${r.pick(WORDS)}-${r.int(1, 9999)}`;
  const ext = r.pick(["jpg", "png", "webp", "avif", "svg"]);
  const alt = r.next() < 0.85 ? ` alt="${sentence(r, r.int(2, 6)).slice(0, -1)}"` : "";
  const size = r.next() < 0.7 ? ` width="${r.int(100, 1600)}" height="${r.int(80, 1000)}"` : "";
  const lazy = r.next() < 0.5 ? ` loading="lazy" decoding="async"` : "";
  return `<figure><img src="/assets/img/${name}.${ext}"${alt}${size}${lazy}><figcaption>${sentence(r, r.int(4, 10))}</figcaption></figure>`;
}

function list(r: ReturnType<typeof seeded>) {
  const tag = r.next() < 0.7 ? "ul" : "ol";
  const items: string[] = [];
  for (let i = r.int(3, 9); i > 0; i--) {
    items.push(r.next() < 0.4 ? `<li><a href="/${r.pick(WORDS)}#${r.pick(WORDS)}">${sentence(r, r.int(2, 5))}</a></li>` : `<li>${sentence(r, r.int(4, 12))}</li>`);
  }
  return `<${tag} class="list list-${tag}">${items.join("")}</${tag}>`;
}

function table(r: ReturnType<typeof seeded>) {
  const rows: string[] = [];
  for (let i = r.int(3, 10); i > 0; i--) {
    rows.push(`<tr><td>${r.pick(WORDS)}</td><td>${r.int(0, 100000)}</td><td><span class="badge badge-${r.pick(["ok", "warn", "fail"])}">${r.pick(WORDS)}</span></td></tr>`);
  }
  return `<table class="data"><thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">State</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function codeBlock(r: ReturnType<typeof seeded>) {
  const lines: string[] = [];
  for (let i = r.int(3, 12); i > 0; i--) {
    lines.push(`<span class="token keyword">const</span> ${r.pick(WORDS)} <span class="token operator">=</span> <span class="token function">${r.pick(WORDS)}</span>(<span class="token string">"${r.pick(WORDS)}"</span>);`);
  }
  return `<pre class="language-js"><code>${lines.join("\n")}</code></pre>`;
}

function inlineScript(r: ReturnType<typeof seeded>) {
  return `<script>window.dataLayer=window.dataLayer||[];dataLayer.push({event:"${r.pick(WORDS)}",id:${r.int(1, 1e6)},path:location.pathname});</script>`;
}

function head(r: ReturnType<typeof seeded>, title: string) {
  const parts = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title}</title>`,
    `<meta name="description" content="${sentence(r, 22).slice(0, 155)}">`,
    `<link rel="canonical" href="https://www.example.com/guides/page-audit">`,
    `<link rel="alternate" hreflang="en" href="https://www.example.com/guides/page-audit">`,
    `<link rel="alternate" hreflang="de" href="https://www.example.com/de/guides/page-audit">`,
    `<link rel="alternate" hreflang="x-default" href="https://www.example.com/guides/page-audit">`,
    `<link rel="icon" href="/favicon.ico" sizes="any"><link rel="icon" href="/icon.svg" type="image/svg+xml">`,
    `<meta property="og:title" content="${title}"><meta property="og:type" content="article">`,
    `<meta property="og:url" content="https://www.example.com/guides/page-audit"><meta property="og:image" content="https://www.example.com/og/page-audit.png">`,
    `<meta property="og:description" content="${sentence(r, 14)}">`,
    `<meta name="twitter:card" content="summary_large_image"><meta name="twitter:site" content="@example">`,
    `<meta name="twitter:title" content="${title}"><meta name="twitter:image" content="https://www.example.com/og/page-audit.png">`,
    `<meta name="robots" content="index, follow">`,
    `<link rel="stylesheet" href="/assets/css/site.3f9a1c.css"><link rel="preload" href="/assets/fonts/inter.woff2" as="font" type="font/woff2" crossorigin>`,
    `<style>:root{--brand:#2b59c3}body{margin:0;font:16px/1.6 system-ui}.list{padding-left:1.2em}.badge{border-radius:4px}</style>`,
    `<script src="/assets/js/vendor.8d2e1b.js" defer></script><script src="/assets/js/app.1a2b3c.js" type="module"></script>`,
    `<script src="https://analytics.example.net/tag.js" async></script>`,
    `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: title,
      author: { "@type": "Person", name: "Sam Writer" },
      datePublished: "2025-03-14",
      image: "https://www.example.com/og/page-audit.png",
    })}</script>`,
  ];
  return `<head>${parts.join("\n")}</head>`;
}

function nav(r: ReturnType<typeof seeded>, links: number) {
  const items: string[] = [];
  for (let i = 0; i < links; i++) items.push(`<li><a href="/${r.pick(WORDS)}/${r.pick(WORDS)}">${r.pick(WORDS)} ${r.pick(WORDS)}</a></li>`);
  return `<nav aria-label="Main"><ul class="nav">${items.join("")}</ul></nav>`;
}

/**
 * A page of about `bytes` characters of ordinary article markup: one head with the usual meta tags, then
 * sections (headings, paragraphs with links, images, lists, tables, code, inline scripts) until it is long enough.
 */
export function generatePage(bytes: number, seed = 1): string {
  const r = seeded(seed);
  const title = "How a page audit works: a practical guide";
  const parts: string[] = [
    `<!doctype html>\n<html lang="en">`,
    head(r, title),
    `<body class="page article">`,
    `<header class="site-header"><a class="logo" href="/"><img src="/logo.svg" alt="Example" width="120" height="32"></a>${nav(r, 12)}</header>`,
    `<main id="content"><article><h1>${title}</h1>`,
  ];
  const footer = `</article></main><footer class="site-footer">${nav(r, 20)}<p>&copy; 2025 Example Ltd. <a href="mailto:hello@example.com">hello@example.com</a></p></footer></body></html>`;
  let size = parts.reduce((n, p) => n + p.length, 0) + footer.length;
  let section = 0;
  while (size < bytes) {
    section += 1;
    const block: string[] = [`<section id="s${section}"><h2>${sentence(r, r.int(3, 7)).slice(0, -1)}</h2>`];
    for (let i = r.int(2, 5); i > 0; i--) {
      const roll = r.next();
      if (roll < 0.5) block.push(paragraph(r));
      else if (roll < 0.62) block.push(image(r));
      else if (roll < 0.74) block.push(list(r));
      else if (roll < 0.8) block.push(table(r));
      else if (roll < 0.88) block.push(codeBlock(r));
      else if (roll < 0.93) block.push(inlineScript(r));
      else block.push(`<h3>${sentence(r, r.int(2, 5)).slice(0, -1)}</h3>${paragraph(r)}`);
    }
    block.push("</section>");
    const text = block.join("\n");
    parts.push(text);
    size += text.length;
  }
  parts.push(footer);
  return parts.join("\n");
}

/** The facts a fetch of `html` would have produced, shaped like test/helpers/page.ts builds them. */
export function factsFor(html: string, url = "https://www.example.com/guides/page-audit") {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-encoding": "br",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "content-security-policy": "default-src 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    server: "nginx",
  };
  const fetch: FetchFacts = {
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 200,
    headers,
    ttfbMs: 120,
    totalMs: 340,
    bytes: Buffer.byteLength(html),
    truncated: false,
    contentEncoding: "br",
    html,
    // The schema.org table the analysis gathers beside every page (a static asset in the Worker).
    schemaVocabulary: VOCABULARY,
  };
  const site: SiteFacts = {
    robots: {
      url: new URL("/robots.txt", url).href,
      status: 200,
      body: "User-agent: *\nDisallow: /admin/\nAllow: /admin/public$\n\nUser-agent: BadBot\nDisallow: /\n\nSitemap: https://www.example.com/sitemap.xml\n",
    },
    notFoundStatus: 404,
  };
  return { fetch, site, settings: defaultCheckSettings };
}

export function parseBenchPage(html: string): Page {
  const { fetch, site, settings } = factsFor(html);
  return parsePage(fetch, site, settings);
}

export interface BenchPage {
  name: string;
  html: string;
}

const fixture = (file: string) => readFileSync(new URL(`./fixtures/${file}`, import.meta.url), "utf8");

/** Generated pages at the four sizes of the brief, then the hand-shaped fixtures. */
/** The generated page without its JSON-LD: Open Graph and Twitter tags only, no item to read. */
const withoutJsonLd = (html: string) => html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, "");

/** The generated page with `count` products in one JSON-LD @graph (offers, ratings, brand): a large shop's markup. */
function withJsonLdItems(html: string, count: number): string {
  const r = seeded(26);
  const graph = Array.from({ length: count }, (_, i) => ({
    "@type": "Product",
    "@id": `https://www.example.com/p/${i}#product`,
    name: `${r.pick(WORDS)} ${r.pick(WORDS)} ${i}`,
    image: `https://www.example.com/img/${i}.jpg`,
    description: sentence(r, r.int(8, 20)),
    sku: `SKU-${i}`,
    brand: { "@type": "Brand", name: r.pick(WORDS) },
    offers: { "@type": "Offer", price: (r.int(999, 29999) / 100).toFixed(2), priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: (r.int(30, 50) / 10).toFixed(1), reviewCount: String(r.int(1, 900)) },
  }));
  const block = `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": graph })}</script>`;
  return html.replace("</head>", `${block}</head>`);
}

/** BENCH_PAGES=<text> keeps only the pages whose name contains it (and skips the 5 MB memory runs). */
export function benchPages(): BenchPage[] {
  const generated = [
    ["generated 20 KB", 20_000],
    ["generated 100 KB", 100_000],
    ["generated 1 MB", 1_000_000],
    ["generated 5 MB", 5_000_000],
  ] as const;
  const pages = [
    ...generated.map(([name, bytes]) => ({ name, html: generatePage(bytes) })),
    { name: "generated 100 KB, no structured data", html: withoutJsonLd(generatePage(100_000)) },
    { name: "generated 100 KB, 200 JSON-LD products", html: withJsonLdItems(withoutJsonLd(generatePage(100_000)), 200) },
    { name: "fixture docs page", html: fixture("docs-page.html") },
    { name: "fixture news article", html: fixture("news-article.html") },
    { name: "fixture shop listing", html: fixture("shop-listing.html") },
  ];
  const only = process.env.BENCH_PAGES;
  return only ? pages.filter((page) => page.name.includes(only)) : pages;
}

export const kib = (html: string) => `${Math.round(Buffer.byteLength(html) / 1024)} KiB`;
