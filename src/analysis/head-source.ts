/**
 * Where the head ends in the source text, read with the HTML standard's "before head", "in head" and "after head"
 * rules (docs/analysis.md "How a page is read"). linkedom keeps no source positions, and htmlparser2 turns a stray
 * `</p>` into an element: this scanner gives head_valid its line and tells such a `<p>` from a real one. It runs
 * only on pages whose head ended early, over the part before the body.
 */

/** Elements whose content the scanner skips as text: in the head they hold no tags of the page. */
const HEAD_TEXT_ELEMENTS = new Set(["script", "style", "title", "noscript", "noframes", "template"]);
/** Start tags that stay in the head (void) or only open the document structure. */
const HEAD_VOID = new Set(["meta", "link", "base", "basefont", "bgsound", "html", "head"]);

export interface HeadEnder {
  /** Lower-case tag name, or "#text". */
  tag: string;
  /** Offset in the HTML of its "<" or first non-blank character. */
  offset: number;
}

/** HTML's whitespace: tab, LF, FF, CR and space only (U+00A0 and U+FEFF are content, whatever trim() thinks). */
export const isHtmlWhitespace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

const isAsciiLetter = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;

/** The offset just past the ">" that closes the tag opened at `from`, quotes respected; the end when none. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) {
      // A quote opens a value only after "=" (spaces allowed between).
      let j = i - 1;
      while (j > from && isHtmlWhitespace(html.charCodeAt(j))) j--;
      if (html.charCodeAt(j) === 61) quote = code;
    } else if (code === 62) return i + 1;
  }
  return html.length;
}

/** The offset past a comment opened at `from` ("<!--"): "-->", "--!>", and the empty "<!-->" and "<!--->" close it. */
function commentEnd(html: string, from: number): number {
  if (html.startsWith(">", from + 4)) return from + 5;
  if (html.startsWith("->", from + 4)) return from + 6;
  const a = html.indexOf("-->", from + 4);
  const b = html.indexOf("--!>", from + 4);
  if (a === -1 && b === -1) return html.length;
  if (b === -1 || (a !== -1 && a < b)) return a + 3;
  return b + 4;
}

/** The first thing in the source that ends the head early, or null when the body starts first (or never). */
export function findHeadEnder(html: string): HeadEnder | null {
  const length = html.length;
  let afterHead = false;
  let i = 0;
  while (i < length) {
    const code = html.charCodeAt(i);
    if (isHtmlWhitespace(code)) {
      i++;
      continue;
    }
    if (code !== 60) return { tag: "#text", offset: i };
    const next = html.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      i = html.startsWith("<!--", i) ? commentEnd(html, i) : tagEnd(html, i + 2);
      continue;
    }
    if (next === 63 /* ? */) {
      i = tagEnd(html, i + 2);
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? i + 2 : i + 1;
    if (!isAsciiLetter(html.charCodeAt(nameStart))) {
      if (closing) {
        i = tagEnd(html, nameStart); // "</ x>" and "</>" are bogus comments or nothing
        continue;
      }
      return { tag: "#text", offset: i }; // "<" not followed by a letter is text
    }
    let nameEnd = nameStart;
    while (nameEnd < length) {
      const c = html.charCodeAt(nameEnd);
      if (isHtmlWhitespace(c) || c === 47 || c === 62) break;
      nameEnd++;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (closing) {
      // In head every end tag but these is ignored, </p> and </div> included; </br> is a <br>.
      if (name === "br") return { tag: "br", offset: i };
      if (name === "head") afterHead = true;
      if (name === "body" || name === "html") return null;
      i = tagEnd(html, nameEnd);
      continue;
    }
    if (name === "body") return null;
    if (name === "noscript" && afterHead) return { tag: name, offset: i }; // "after head" does not take noscript
    if (HEAD_VOID.has(name)) {
      i = tagEnd(html, nameEnd);
      continue;
    }
    if (HEAD_TEXT_ELEMENTS.has(name)) {
      const closeTag = new RegExp(`</${name}`, "gi");
      closeTag.lastIndex = nameEnd;
      const close = closeTag.exec(html);
      i = close === null ? length : tagEnd(html, close.index + 2 + name.length);
      continue;
    }
    return { tag: name === "image" ? "img" : name, offset: i };
  }
  return null;
}

/** 1-based line of an offset. */
export function lineAt(html: string, offset: number): number {
  let line = 1;
  for (let at = html.indexOf("\n"); at !== -1 && at < offset; at = html.indexOf("\n", at + 1)) line++;
  return line;
}
