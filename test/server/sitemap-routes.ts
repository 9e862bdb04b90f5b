import type { IncomingMessage, ServerResponse } from "node:http";
import { createGzip, gzipSync } from "node:zlib";
import type { Route } from "./routes";

/**
 * Sitemaps for discovery tests, generated per request from the path under /sitemaps/ (URLs inside point
 * back at this server's own origin). Large ones are written as a stream, honouring backpressure, and
 * stop when the client goes away: the server never holds a whole big sitemap.
 */

const HARD_STOP_MS = 60_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const urlset = (locs: string[]) => `${XML_HEAD}<urlset ${NS}>\n${locs.map((loc) => `<url><loc>${loc}</loc></url>\n`).join("")}</urlset>\n`;
const sitemapIndex = (locs: string[]) =>
  `${XML_HEAD}<sitemapindex ${NS}>\n${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>\n`).join("")}</sitemapindex>\n`;

const send = (res: ServerResponse, body: string | Buffer, type = "application/xml; charset=utf-8", status = 200) => {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.end(body);
};

/** Bytes each streamed sitemap wrote before it ended or its client went away (`/sitemaps/sent/<id>`). */
const sent = new Map<string, { bytes: number; closedByClient: boolean; finished: boolean }>();

/** Streams a urlset of `/page/<i>` URLs until `count` URLs or `maxBytes` bytes, noting what went out under `id`. */
function streamUrlset(req: IncomingMessage, res: ServerResponse, id: string, count: number, maxBytes: number) {
  const stats = { bytes: 0, closedByClient: false, finished: false };
  sent.set(id, stats);
  const origin = `http://${req.headers.host}`;
  let next = 0;
  let done = false;
  const hard = setTimeout(() => res.destroy(), HARD_STOP_MS);
  res.once("close", () => {
    if (!done) stats.closedByClient = true;
    done = true;
    clearTimeout(hard);
  });
  const write = (text: string) => {
    stats.bytes += Buffer.byteLength(text);
    return res.write(text);
  };
  const pump = () => {
    while (!done) {
      if (next >= count || stats.bytes >= maxBytes) {
        done = true;
        stats.finished = true;
        clearTimeout(hard);
        write("</urlset>\n");
        res.end();
        return;
      }
      let batch = "";
      for (const end = Math.min(next + 500, count); next < end; next++) batch += `<url><loc>${origin}/page/${next}</loc></url>\n`;
      if (!write(batch)) {
        res.once("drain", pump);
        return;
      }
    }
  };
  res.statusCode = 200;
  res.setHeader("content-type", "application/xml; charset=utf-8");
  write(`${XML_HEAD}<urlset ${NS}>\n`);
  pump();
}

/** A deterministic run of bytes that is neither XML nor text. */
const garbage = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 251));

/** 100 MB of one repeated <url> entry as about 100 KB of gzip, compressed as a stream once (never 100 MB in memory). */
let bomb: Promise<Buffer> | null = null;
function gzipBomb(origin: string): Promise<Buffer> {
  bomb ??= new Promise((resolve, reject) => {
    const entry = `<url><loc>${origin}/page/bomb</loc></url>\n`;
    const megabyte = Buffer.from(entry.repeat(Math.floor((1024 * 1024) / entry.length)));
    const gzip = createGzip({ level: 9 });
    const out: Buffer[] = [];
    gzip.on("data", (chunk: Buffer) => out.push(chunk)).on("end", () => resolve(Buffer.concat(out))).on("error", reject);
    let written = 0;
    const pump = () => {
      while (written < 100) {
        written++;
        if (!gzip.write(written === 1 ? `${XML_HEAD}<urlset ${NS}>\n` : megabyte)) return void gzip.once("drain", pump);
      }
      gzip.end("</urlset>\n");
    };
    pump();
  });
  return bomb;
}

/** An RSS 2.0 feed as WordPress writes one: a channel link, then items with link, guid, pubDate and an atom:link. */
const rssFeed = (origin: string) =>
  `${XML_HEAD}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
<title>Crumbs</title><link>${origin}/</link><atom:link href="${origin}/sitemaps/feed/rss" rel="self" type="application/rss+xml"/>
<item><title>Leek soup</title><link>${origin}/fixtures/list-before-article.html</link><guid isPermaLink="false">p=12</guid><pubDate>Sat, 12 Oct 2024 08:30:00 +0000</pubDate></item>
<item><title>Beans</title><link>${origin}/fixtures/blogger-post.html?utm_source=rss&amp;utm_medium=feed</link><dc:date>2024-11-03T09:12:00Z</dc:date></item>
<item><title>Elsewhere</title><link>https://other.example/post</link><pubDate>Fri, 01 Nov 2024 10:00:00 GMT</pubDate></item>
</channel></rss>
`;

/** An Atom 1.0 feed as Blogger writes one: each entry's replies and self links before its alternate one. */
const atomFeed = (origin: string) =>
  `${XML_HEAD}<feed xmlns="http://www.w3.org/2005/Atom"><id>tag:blogger.com,1999:blog-451</id><title>Allotment notes</title>
<link rel="alternate" href="${origin}/" type="text/html"/>
<entry><id>tag:blogger.com,1999:post-882</id><published>2024-11-03T09:12:00.001Z</published><updated>2024-11-04T10:00:00.000Z</updated><title>Beans</title>
<link rel="replies" type="text/html" href="${origin}/fixtures/blogger-post.html#comment-form"/><link rel="self" type="application/atom+xml" href="${origin}/feeds/posts/default/882"/><link rel="alternate" type="text/html" href="${origin}/fixtures/blogger-post.html"/></entry>
<entry><id>tag:blogger.com,1999:post-883</id><published>2024-10-01T07:00:00Z</published><title>Known</title><link href="${origin}/fixtures/known-page.html"/></entry>
</feed>
`;

const numberAt = (path: string) => Number(/(\d+)(?:\.[a-z.]+)?$/.exec(path)?.[1] ?? 0);

function handle(req: IncomingMessage, res: ServerResponse, path: string) {
  const origin = `http://${req.headers.host}`;
  const name = path.slice("/sitemaps/".length);
  const at = (rest: string) => `${origin}/sitemaps/${rest}`;
  const page = (rest: string) => `${origin}/page/${rest}`;

  // An index naming a gzip file and a text sitemap, the way a real site splits its sitemaps.
  if (name === "index.xml") return send(res, sitemapIndex([at("child.xml.gz"), at("list.txt")]));
  if (name === "child.xml.gz") return send(res, gzipSync(urlset([page("gz-1"), page("gz-2")])), "application/gzip");
  if (name === "list.txt") return send(res, `${page("txt-1")}\r\n\n  ${page("txt-2")}  \n${page("gz-1")}\n`, "text/plain");
  // gzip bytes under a plain .xml name and an XML type, with no content-encoding: only the magic tells.
  if (name === "gzip-body.xml") return send(res, gzipSync(urlset([page("body-1")])));
  if (name === "bomb.xml.gz") return void gzipBomb(origin).then((body) => send(res, body, "application/gzip"));
  if (name === "corrupt.xml.gz") return send(res, Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), garbage]), "application/gzip");
  if (name === "entities.xml") {
    const locs = [`${origin}/search?a=1&amp;b=2`, `<![CDATA[${origin}/cdata?x=1&y=2]]>`, `${origin}/caf&#xE9;`, `  ${origin}/padded  `];
    return send(res, urlset(locs));
  }
  // Repeats, tracking parameters, fragments, upper-case scheme, other hosts, non-http and broken entries.
  if (name === "messy.xml") {
    const locs = [
      page("a"),
      `${page("a")}#top`,
      `${page("a")}?utm_source=news&amp;utm_medium=mail`,
      `${page("b")}?id=7&amp;gclid=xyz&amp;fbclid=abc`,
      `HTTP://${req.headers.host}/page/c`,
      "https://other.example/page/x",
      "http://www.other.example/page/y",
      "mailto:someone@example.com",
      `${page("b")}?id=7`,
      "/page/relative",
    ];
    return send(res, urlset(locs));
  }
  // /sitemaps/range/<from>-<to>.xml: /page/<from>../page/<to>.
  const range = /^range\/(\d+)-(\d+)\.xml$/.exec(name);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return send(res, urlset(Array.from({ length: to - from + 1 }, (_, i) => page(String(from + i)))));
  }
  // /sitemaps/nest/<n>.xml: an index of /nest/<n-1>.xml, down to /nest/0.xml, a urlset of one page.
  if (name.startsWith("nest/")) {
    const n = numberAt(name);
    return send(res, n === 0 ? urlset([page("nested")]) : sitemapIndex([at(`nest/${n - 1}.xml`)]));
  }
  // /sitemaps/wide/<n>.xml: an index of n child sitemaps of one page each.
  if (name.startsWith("wide/")) return send(res, sitemapIndex(Array.from({ length: numberAt(name) }, (_, i) => at(`range/${i}-${i}.xml`))));
  // loop/a lists itself and b; b lists a.
  if (name === "loop/a.xml") return send(res, sitemapIndex([at("loop/a.xml"), at("loop/b.xml")]));
  if (name === "loop/b.xml") return send(res, sitemapIndex([at("loop/a.xml"), at("range/900-900.xml")]));
  // Children elsewhere: another host, a private address, this host on another port, and one that redirects away.
  if (name === "elsewhere.xml") {
    const children = ["http://other.example/sitemap.xml", "http://10.0.0.1/sitemap.xml", "http://127.0.0.1:1/sitemap.xml", at("away.xml"), at("range/1-1.xml")];
    return send(res, sitemapIndex(children));
  }
  // Moved within the site: relative <loc>s resolve against where it moved to.
  if (name === "moved.xml") {
    res.statusCode = 301;
    res.setHeader("location", "/sitemaps/new/home.xml");
    return res.end();
  }
  if (name === "new/home.xml") return send(res, urlset(["relative", "/page/rooted"]));
  if (name === "away.xml") {
    res.statusCode = 302;
    res.setHeader("location", "http://other.example/sitemap.xml");
    return res.end();
  }
  if (name === "hang.xml") {
    // Headers and the start of a urlset, then nothing, until the client gives up.
    res.setHeader("content-type", "application/xml");
    res.write(`${XML_HEAD}<urlset ${NS}>\n<url><loc>${page("before-hang")}</loc></url>\n`);
    const hard = setTimeout(() => res.destroy(), HARD_STOP_MS);
    res.once("close", () => clearTimeout(hard));
    return;
  }
  if (name === "garbage.xml") return send(res, garbage, "application/xml");
  if (name === "html.xml") return send(res, "<!doctype html><html><head><title>Shop</title></head><body><a href=/page/1>1</a></body></html>", "text/html");
  // Sitemap extensions nest their own <loc>s (images, alternates): those are not pages of the urlset.
  if (name === "extensions.xml") {
    const entry = `<url><loc>${page("ext")}</loc><image:image><image:loc>${origin}/img/1.png</image:loc></image:image>`
      + `<xhtml:link rel="alternate" hreflang="de" href="${page("ext-de")}"/><lastmod>2026-01-01</lastmod></url>`;
    return send(res, `${XML_HEAD}<urlset ${NS} xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entry}</urlset>`);
  }
  // Garbage shaped like XML: nesting without end, and a tag that never closes.
  if (name === "deep.xml") return send(res, `${XML_HEAD}<urlset ${NS}>${"<url>".repeat(100_000)}`);
  if (name === "endless-tag.xml") return send(res, `${XML_HEAD}<urlset ${NS}><url><loc${" a".repeat(1024 * 1024)}`);
  if (name === "rss.xml") return send(res, `${XML_HEAD}<rss><channel><item><link>${page("1")}</link></item></channel></rss>`);
  if (name === "catalog.xml") return send(res, `${XML_HEAD}<catalog><book><loc>${page("1")}</loc></book></catalog>`);
  // Feeds as sitemaps, at URLs that do not end in .xml (Blogger's /feeds/posts/default, WordPress's /feed/): their
  // items link to pages this server has, one to another host.
  if (name === "feed/rss") return send(res, rssFeed(origin), "application/rss+xml; charset=utf-8");
  if (name === "feed/atom") return send(res, atomFeed(origin), "application/atom+xml; charset=utf-8");
  // A urlset at a URL without an extension, and an HTML page at one: told apart by their content.
  if (name === "plain-name") return send(res, urlset([`${origin}/fixtures/known-page.html`]));
  if (name === "a-page") return send(res, "<!doctype html><html><head><title>A page</title></head><body><a href=/fixtures/known-page.html>k</a></body></html>", "text/html");
  // /sitemaps/count/<n>.xml: n URLs, streamed.
  if (name.startsWith("count/")) return streamUrlset(req, res, name, numberAt(name), Number.POSITIVE_INFINITY);
  // /sitemaps/megabytes/<n>.xml: a urlset of about n MB, streamed; /sitemaps/sent/megabytes/<n>.xml says how much went out.
  if (name.startsWith("megabytes/")) return streamUrlset(req, res, name, Number.POSITIVE_INFINITY, numberAt(name) * 1024 * 1024);
  if (name.startsWith("sent/")) return send(res, JSON.stringify(sent.get(name.slice("sent/".length)) ?? null), "application/json");
  send(res, "<!doctype html><title>Not found</title>", "text/html", 404);
}

export const sitemapRoutes: [string, Route][] = [["/sitemaps/", handle]];
