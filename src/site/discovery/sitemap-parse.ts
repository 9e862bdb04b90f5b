import { Parser } from "htmlparser2";

/** Why a file is not read further: it is not a sitemap, or not one we can read within our bounds. */
export interface ParseStop {
  code: string;
  message: string;
}

export type SitemapKind = "urlset" | "sitemapindex" | "text";

export interface SitemapHandlers {
  /** A page URL as written (`<url><loc>` or a line of a text sitemap), entities decoded, not yet resolved. */
  page(loc: string): void;
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

/** XML `urlset` / `sitemapindex` or a text sitemap, told apart by the first character that is not blank. */
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

function xmlReader(handlers: SitemapHandlers): XmlReader {
  let kind: "urlset" | "sitemapindex" | null = null;
  let failure: ParseStop | null = null;
  let depth = 0;
  let loc: string | null = null;
  let entry = false;
  let sinceTagEnd = 0;
  const localName = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();

  const parser = new Parser(
    {
      onopentagname(name) {
        depth++;
        const local = localName(name);
        if (depth === 1) {
          if (local === "urlset" || local === "sitemapindex") kind = local;
          else if (local === "html") failure = stop("The sitemap is an HTML page, not a sitemap.");
          else failure = stop(`The XML root element is <${name}>, not <urlset> or <sitemapindex>.`);
        } else if (depth === 2) {
          entry = local === (kind === "urlset" ? "url" : "sitemap");
        } else if (depth === 3 && entry && local === "loc") {
          loc = "";
        } else if (depth > MAX_NESTING) {
          failure = stop(`The XML nests more than ${MAX_NESTING} elements deep: not a sitemap.`);
        }
      },
      ontext(text) {
        if (loc === null) return;
        loc = loc.length + text.length > MAX_LOC ? null : loc + text;
      },
      onclosetag() {
        if (depth === 3 && loc !== null) {
          const value = loc.trim();
          if (value) (kind === "urlset" ? handlers.page : handlers.child)(value);
        }
        if (depth <= 3) loc = null;
        if (depth === 2) entry = false;
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
      handlers.page(value);
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
