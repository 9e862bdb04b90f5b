/** Elements that never nest (void) or that the parser closes implicitly, so they never deepen the tree. */
const FLAT = new Set(
  "area base br col embed hr img input link meta source track wbr p li dt dd option optgroup td th tr tbody thead tfoot colgroup rt rp"
    .split(" "),
);
const TAG = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g;
const RAW_TEXT = /^(script|style|textarea|title)$/i;

/**
 * linkedom's parser (htmlparser2) keeps open elements in an array it unshifts, so parsing costs the square of
 * the nesting depth: 100,000 nested elements take ~30 s. Browsers stop nesting long before that (Chromium at
 * 512); we cut the document where it first goes deeper than `maxDepth` and parse the part before it.
 */
export function capNesting(html: string, maxDepth: number): { html: string; capped: boolean } {
  let depth = 0;
  let rawText: string | null = null;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (rawText) {
      if (closing && name === rawText) rawText = null;
      continue;
    }
    if (FLAT.has(name) || selfClosing) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (RAW_TEXT.test(name)) {
      rawText = name;
      continue;
    }
    if (++depth > maxDepth) return { html: html.slice(0, match.index), capped: true };
  }
  return { html, capped: false };
}
