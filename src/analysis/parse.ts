import { parseHTML } from "linkedom";
import { dropListenerMaps } from "./linkedom-listeners";
import { limitDom } from "./nesting";
import type { CheckSettings, FetchFacts, Page, SiteFacts } from "./types";

if (!dropListenerMaps()) console.warn("linkedom changed shape: every DOM node keeps a listener Map again (src/analysis/linkedom-listeners.ts)");

const HIDDEN_TEXT_PARENTS = new Set(["script", "style", "noscript", "template", "head", "title"]);
const ELEMENT_NODE = 1;
const MAX_NESTING_DEPTH = 2_000;
/**
 * The parse budget. linkedom's DOM takes ~17 bytes of heap per byte of dense HTML, so the 5 MB a fetch may
 * read would need ~85 MB of DOM, too much for a 128 MB isolate. Past 2 MB of characters or 40,000 start tags
 * (dom_size fails at 1,500) the rest of the page is not parsed: page_size, text_html_ratio's length, doctype and
 * plaintext_email still read the whole raw HTML; checks that read the DOM see the first part.
 */
export interface DomBudget {
  maxChars: number;
  maxElements: number;
}
export const defaultDomBudget: DomBudget = { maxChars: 2_000_000, maxElements: 40_000 };
// linkedom keeps attribute names as written (STYLE=, ItemScope), where HTML parsing lower-cases them.
// Only pages that have such a name somewhere pay for renaming.
const UPPERCASE_ATTRIBUTE = /<[A-Za-z][^<>]*?\s[\w:.-]*[A-Z]/;

const HAS_UPPERCASE = /[A-Z]/;
const ATTRIBUTE_NODE = 2;

/**
 * linkedom keeps an element's attributes as the nodes that follow it in its linked list, under a private
 * symbol. Reading them there allocates nothing, where getAttributeNames() builds an Array subclass per element
 * (4 ms on a 300 KB page that has one SVG viewBox). Found by its description; null if linkedom changes.
 */
function nextSymbol(node: object): symbol | null {
  return Object.getOwnPropertySymbols(node).find((s) => s.description === "next") ?? null;
}

interface Linked {
  nodeType: number;
  name?: string;
  [key: symbol]: Linked | undefined;
}

function hasUppercaseAttribute(element: Element, next: symbol | null): boolean {
  if (next === null) return element.getAttributeNames().some((name) => HAS_UPPERCASE.test(name));
  for (let node = (element as unknown as Linked)[next]; node && node.nodeType === ATTRIBUTE_NODE; node = node[next]) {
    if (HAS_UPPERCASE.test(node.name ?? "")) return true;
  }
  return false;
}

function lowerCaseAttributes(element: Element) {
  for (const name of element.getAttributeNames()) {
    if (!HAS_UPPERCASE.test(name)) continue;
    const lower = name.toLowerCase();
    const value = element.getAttribute(name) ?? "";
    element.removeAttribute(name);
    if (!element.hasAttribute(lower)) element.setAttribute(lower, value);
  }
}

const TEXT_NODE = 3;

/** 1 to 6 for h1 to h6, else 0. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag.charCodeAt(0) !== 104) return 0;
  const digit = tag.charCodeAt(1) - 48;
  return digit >= 1 && digit <= 6 ? digit : 0;
}

/**
 * Joining every text node with " ", collapsing whitespace runs and trimming is the same as trimming each node,
 * collapsing inside it and joining the non-empty ones with " ": and that skips a regex over megabytes of text.
 * Most nodes have nothing inside to collapse (a single space between words), which this test says cheaply.
 */
const NEEDS_COLLAPSE = /\s\s|[^\S ]/;
const WHITESPACE_RUN = /\s+/g;

/** With linkedom-listeners.ts, the only place that imports linkedom: one parse, then one walk that every check shares. */
export function parsePage(fetch: FetchFacts, site: SiteFacts, settings: CheckSettings, budget: DomBudget = defaultDomBudget): Page {
  const limited = limitDom(fetch.html, { maxDepth: MAX_NESTING_DEPTH, ...budget });
  const { document } = parseHTML(limited.html);
  const elements: Element[] = [];
  const byTag = new Map<string, Element[]>();
  const textParts: string[] = [];
  const headings: Page["headings"] = [];
  const fixAttributeCase = UPPERCASE_ATTRIBUTE.test(limited.html);
  const next = fixAttributeCase ? nextSymbol(document) : null;

  // firstChild / nextSibling / parentNode with no stack: hostile pages nest 100,000 elements deep, which
  // recursion would not survive, and a stack of {node, hidden} records cost more than the walk itself.
  // The document's own children are listed backwards first: linkedom's DocumentType has no nextSibling.
  const tops: Node[] = [];
  for (let child = (document as unknown as Node).lastChild; child; child = child.previousSibling) tops.push(child);
  for (let t = tops.length - 1; t >= 0; t--) {
    const top = tops[t]!;
    let hiddenRoot: Node | null = null;
    let node: Node | null = top;
    while (node) {
      const type = node.nodeType;
      if (type === ELEMENT_NODE) {
        const element = node as Element;
        const tag = element.localName.toLowerCase();
        if (fixAttributeCase && hasUppercaseAttribute(element, next)) lowerCaseAttributes(element);
        elements.push(element);
        const list = byTag.get(tag);
        if (list) list.push(element);
        else byTag.set(tag, [element]);
        const level = headingLevel(tag);
        if (level !== 0) headings.push({ level, el: element });
        if (hiddenRoot === null && HIDDEN_TEXT_PARENTS.has(tag)) hiddenRoot = element;
        const first = element.firstChild;
        if (first) {
          node = first;
          continue;
        }
      } else if (type === TEXT_NODE && hiddenRoot === null) {
        const core = (node.nodeValue ?? "").trim();
        if (core !== "") textParts.push(NEEDS_COLLAPSE.test(core) ? core.replace(WHITESPACE_RUN, " ") : core);
      }
      // Up until there is a next sibling, leaving a hidden subtree when its root is passed.
      while (node) {
        if (node === hiddenRoot) hiddenRoot = null;
        if (node === top) {
          node = null;
          break;
        }
        const next: Node | null = node.nextSibling;
        if (next) {
          node = next;
          break;
        }
        node = node.parentNode;
      }
    }
  }

  return {
    url: new URL(fetch.finalUrl),
    html: fetch.html,
    document: document as unknown as Document,
    elements,
    byTag,
    headings,
    text: textParts.join(" "),
    truncatedDom: limited.truncated,
    domHtmlLength: limited.html.length,
    fetch,
    site,
    settings,
  };
}

/** The raw HTML the DOM was built from: for scanning markup the DOM also holds, without the unparsed tail. */
export const domHtml = (page: Page): string => (page.truncatedDom ? page.html.slice(0, page.domHtmlLength) : page.html);

/** Elements of a tag, or an empty list. */
export const tags = (page: Page, tag: string): Element[] => page.byTag.get(tag) ?? [];
