import { Parser } from "htmlparser2";

/** Why a file is not read further: it is not a sitemap, or not one we can read within our bounds. */
export interface ParseStop {
  code: string;
  message: string;
}

export type SitemapKind = XmlKind | "text";
/** An XML sitemap, a sitemap index, an RSS 2.0 feed or an Atom 1.0 feed (Google accepts all four as sitemaps). */
type XmlKind = "urlset" | "sitemapindex" | "rss" | "atom";

export interface SitemapHandlers {
  /**
   * A page URL as written (`<url><loc>`, an RSS item's `<link>`, an Atom entry's `<link href>`, a line of a text
   * sitemap), entities decoded, not yet resolved; with its date as ISO 8601 when the file gives one (`<lastmod>`,
   * `<pubDate>`, `<updated>`, else `<published>`).
   */
  page(loc: string, lastmod: string | null): void;
  /** A child sitemap of an index (`<sitemap><loc>`), as written. */
  child(loc: string): void;
}

export interface SitemapParser {
  /** Feeds decoded text; a stop means: read no further. */
  write(text: string): ParseStop | null;
  end(): ParseStop | null;
  kind(): SitemapKind | null;
}

/** Longer than any URL a sitemap may hold (2,048 characters by the protocol): dropped, not kept growing. */
const MAX_LOC = 8_192;
/** Sitemap extensions (image, video, news, xhtml:link) nest five deep; garbage nests without end. */
const MAX_NESTING = 16;
/**
 * htmlparser2 emits text as it goes but keeps an unfinished tag, comment or CDATA section whole until
 * its `>`: a sitemap never has a megabyte without one, so past that the file is refused rather than held.
 */
const MAX_WITHOUT_TAG_END = 1_048_576;
/** A text sitemap with this many lines and not one URL is something else. */
const MAX_LINES_WITHOUT_URL = 100;

const stop = (message: string): ParseStop => ({ code: "sitemap_invalid", message });

/**
 * XML (`urlset`, `sitemapindex`, an RSS or Atom feed, told by the root element) or a text sitemap, told apart by the
 * first character that is not blank.
 */
export function createSitemapParser(handlers: SitemapHandlers): SitemapParser {
  let mode: XmlReader | TextReader | null = null;
  return {
    write(text) {
      if (!mode) {
        const start = text.search(/\S/);
        if (start < 0) return null;
        mode = text[start] === "<" ? xmlReader(handlers) : textReader(handlers);
      }
      return mode.write(text);
    },
    end: () => (mode ? mode.end() : stop("The sitemap is empty.")),
    kind: () => mode?.kind() ?? null,
  };
}

type XmlReader = SitemapParser;
type TextReader = SitemapParser;

const ROOTS: Record<string, XmlKind> = { urlset: "urlset", sitemapindex: "sitemapindex", rss: "rss", feed: "atom" };
/** Where a file's entries are: `<urlset><url>`, `<sitemapindex><sitemap>`, `<rss><channel><item>`, `<feed><entry>`. */
const ENTRY: Record<XmlKind, { name: string; depth: number }> = {
  urlset: { name: "url", depth: 2 },
  sitemapindex: { name: "sitemap", depth: 2 },
  rss: { name: "item", depth: 3 },
  atom: { name: "entry", depth: 2 },
};
/** An entry's fields, by the child element's local name: its URL, its date, and a date to fall back on. */
const FIELDS: Record<XmlKind, Record<string, "loc" | "date" | "fallbackDate">> = {
  urlset: { loc: "loc", lastmod: "date" },
  sitemapindex: { loc: "loc" },
  rss: { link: "loc", pubdate: "date", date: "fallbackDate" },
  atom: { updated: "date", published: "fallbackDate" },
};

/** A date as ISO 8601 (RSS writes RFC 822 dates), or null when it is not one. */
function isoDate(text: string): string | null {
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function xmlReader(handlers: SitemapHandlers): XmlReader {
  let kind: XmlKind | null = null;
  let failure: ParseStop | null = null;
  let depth = 0;
  let inEntry = false;
  let field: "loc" | "date" | "fallbackDate" | null = null;
  let text = "";
  let entry = { loc: "", date: null as string | null, fallbackDate: null as string | null };
  let sinceTagEnd = 0;
  const localName = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth++;
        const local = localName(name);
        if (depth === 1) {
          kind = ROOTS[local] ?? null;
          if (kind) return;
          if (local === "html") failure = stop("The sitemap is an HTML page, not a sitemap.");
          else failure = stop(`The XML root element is <${name}>, not <urlset>, <sitemapindex>, <rss> or <feed>.`);
        } else if (depth > MAX_NESTING) {
          failure = stop(`The XML nests more than ${MAX_NESTING} elements deep: not a sitemap.`);
        } else if (kind && depth === ENTRY[kind].depth) {
          inEntry = local === ENTRY[kind].name;
          entry = { loc: "", date: null, fallbackDate: null };
        } else if (kind && inEntry && depth === ENTRY[kind].depth + 1) {
          // An Atom entry's page is its first <link> that is not another relation (self, edit, enclosure).
          if (kind === "atom" && local === "link") {
            const rel = (attributes.rel ?? "alternate").trim().toLowerCase();
            if (rel === "alternate" && !entry.loc && attributes.href) entry.loc = attributes.href.slice(0, MAX_LOC);
            return;
          }
          field = FIELDS[kind][local] ?? null;
          text = "";
        }
      },
      ontext(chunk) {
        if (field === null) return;
        if (text.length + chunk.length > MAX_LOC) field = null;
        else text += chunk;
      },
      onclosetag() {
        if (kind && inEntry && depth === ENTRY[kind].depth + 1 && field) {
          const value = text.trim();
          // The first of each: an RSS item's <atom:link> or a second <link> does not replace its <link>.
          if (field === "loc") entry.loc ||= value;
          else entry[field] ??= value ? isoDate(value) : null;
        }
        if (kind && depth === ENTRY[kind].depth + 1) field = null;
        if (kind && inEntry && depth === ENTRY[kind].depth) {
          inEntry = false;
          const loc = entry.loc.trim();
          if (loc) {
            if (kind === "sitemapindex") handlers.child(loc);
            else handlers.page(loc, entry.date ?? entry.fallbackDate);
          }
        }
        depth--;
      },
    },
    // Entities are decoded (&amp;); htmlparser2 expands no DTD-declared entities, so no XXE or entity bombs.
    { xmlMode: true, decodeEntities: true },
  );

  return {
    write(text) {
      const lastTagEnd = text.lastIndexOf(">");
      sinceTagEnd = lastTagEnd < 0 ? sinceTagEnd + text.length : text.length - lastTagEnd - 1;
      if (sinceTagEnd > MAX_WITHOUT_TAG_END) return stop("The file has more than a megabyte without a tag end: not a sitemap.");
      parser.write(text);
      return failure;
    },
    end() {
      if (!failure) parser.end();
      return failure ?? (kind ? null : stop("The file has no XML element: not a sitemap."));
    },
    kind: () => kind,
  };
}

function textReader(handlers: SitemapHandlers): TextReader {
  let partial = "";
  let overlong = false;
  let urls = 0;
  let others = 0;

  const line = (raw: string) => {
    const value = raw.trim();
    if (!value) return;
    if (/^https?:\/\//i.test(value) && URL.canParse(value)) {
      urls++;
      handlers.page(value, null);
    } else {
      others++;
    }
  };
  const garbage = () => stop("The file is neither an XML sitemap nor a list of URLs.");

  return {
    write(text) {
      const lines = (partial + text).split("\n");
      partial = lines.pop()!;
      for (const each of lines) {
        if (overlong) {
          overlong = false;
          others++;
        } else {
          line(each);
        }
      }
      if (partial.length > MAX_LOC) {
        // A line longer than any URL: dropped up to its end, never buffered whole.
        partial = "";
        overlong = true;
      }
      return urls === 0 && others >= MAX_LINES_WITHOUT_URL ? garbage() : null;
    },
    end() {
      if (!overlong) line(partial);
      partial = "";
      return urls === 0 ? garbage() : null;
    },
    kind: () => "text",
  };
}
