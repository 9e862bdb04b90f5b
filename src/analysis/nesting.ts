/** Elements that never nest (void) or that the parser closes implicitly, so they never deepen the tree. */
const FLAT = new Set(
  "area base br col embed hr img input link meta source track wbr p li dt dd option optgroup td th tr tbody thead tfoot colgroup rt rp"
    .split(" "),
);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

export interface DomLimits {
  /** Deepest nesting parsed: the document is cut where it first goes deeper. */
  maxDepth: number;
  /** The document is cut before the first start tag at or past this many characters. */
  maxChars?: number;
  /** The document is cut before the start tag that would be element number `maxElements + 1`. */
  maxElements?: number;
}

export interface LimitedHtml {
  html: string;
  /** Cut because it nested deeper than maxDepth. */
  capped: boolean;
  /** Cut because it was longer (in characters or start tags) than the budget. */
  truncated: boolean;
}

const isNameStart = (code: number): boolean => ((code | 32) >= 97 && (code | 32) <= 122);
// [\w:-]
const isNameChar = (code: number): boolean =>
  isNameStart(code) || (code >= 48 && code <= 57) || code === 95 || code === 58 || code === 45;

/**
 * Whether `text` holds fewer than `limit` of `char`. A page with no more "<" than the tag limits cannot pass
 * them, and counting is several times cheaper than reading every tag: most pages under ~40 KB skip the scan.
 */
function fewerThan(text: string, char: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) {
    if (++count >= limit) return false;
  }
  return true;
}

/**
 * Cuts the HTML where the parse would go too deep or past the budget, always at a start tag outside raw text.
 *
 * Nesting: linkedom's parser (htmlparser2) keeps open elements in an array it unshifts, so parsing costs the
 * square of the nesting depth: 100,000 nested elements take ~30 s. Browsers stop nesting long before that
 * (Chromium at 512). Budget: linkedom's DOM costs about 17 bytes of heap per byte of dense HTML, so a 5 MB
 * page would not fit a 128 MB isolate; the checks read the first part of a page that long.
 *
 * Tags are read the way the former regex `<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>` read them, by hand: on a 5 MB
 * page the regex, its match arrays and lower-cased names cost 20-70 ms.
 */
export function limitDom(html: string, limits: DomLimits): LimitedHtml {
  const { maxDepth, maxChars = Infinity, maxElements = Infinity } = limits;
  if (html.length <= maxChars && fewerThan(html, "<", Math.min(maxDepth, maxElements) + 1)) return { html, capped: false, truncated: false };
  let depth = 0;
  let elements = 0;
  let rawText: string | null = null;
  const length = html.length;
  for (let lt = html.indexOf("<"); lt !== -1; lt = html.indexOf("<", lt + 1)) {
    let i = lt + 1;
    const closing = html.charCodeAt(i) === 47; // "/"
    if (closing) i++;
    if (!isNameStart(html.charCodeAt(i))) continue;
    const nameStart = i;
    while (i < length && isNameChar(html.charCodeAt(i))) i++;
    const gt = html.indexOf(">", i);
    if (gt === -1) break; // no tag can end any more
    const name = html.slice(nameStart, i).toLowerCase();
    const selfClosing = gt > i && html.charCodeAt(gt - 1) === 47;
    const start = lt;
    lt = gt; // resume after this tag, as a global regex would
    if (rawText) {
      if (closing && name === rawText) rawText = null;
      continue;
    }
    if (!closing) {
      if (start >= maxChars || ++elements > maxElements) return { html: html.slice(0, start), capped: false, truncated: true };
    }
    if (FLAT.has(name) || selfClosing) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (RAW_TEXT.has(name)) {
      rawText = name;
      continue;
    }
    if (++depth > maxDepth) return { html: html.slice(0, start), capped: true, truncated: false };
  }
  return { html, capped: false, truncated: false };
}

/** The nesting cap alone (see limitDom). */
export function capNesting(html: string, maxDepth: number): { html: string; capped: boolean } {
  const { html: cut, capped } = limitDom(html, { maxDepth });
  return { html: cut, capped };
}
