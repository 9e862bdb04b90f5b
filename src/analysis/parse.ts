import { parseHTML } from "linkedom";
import { capNesting } from "./nesting";
import type { CheckSettings, FetchFacts, Page, SiteFacts } from "./types";

const HIDDEN_TEXT_PARENTS = new Set(["script", "style", "noscript", "template", "head", "title"]);
const ELEMENT_NODE = 1;
const MAX_NESTING_DEPTH = 2_000;
// linkedom keeps attribute names as written (STYLE=, ItemScope), where HTML parsing lower-cases them.
// Only pages that have such a name somewhere pay for renaming.
const UPPERCASE_ATTRIBUTE = /<[A-Za-z][^<>]*?\s[\w:.-]*[A-Z]/;

function lowerCaseAttributes(element: Element) {
  for (const { name, value } of [...element.attributes]) {
    const lower = name.toLowerCase();
    if (lower === name) continue;
    element.removeAttribute(name);
    if (!element.hasAttribute(lower)) element.setAttribute(lower, value);
  }
}
const TEXT_NODE = 3;
/**
 * Joining every text node with " ", collapsing whitespace runs and trimming is the same as trimming each node,
 * collapsing inside it and joining the non-empty ones with " ": and that skips a regex over megabytes of text.
 * Most nodes have nothing inside to collapse (a single space between words), which this test says cheaply.
 */
const NEEDS_COLLAPSE = /\s\s|[^\S ]/;
const WHITESPACE_RUN = /\s+/g;

/** The only place that imports linkedom: one parse, then one walk that every check shares. */
export function parsePage(fetch: FetchFacts, site: SiteFacts, settings: CheckSettings): Page {
  const { document } = parseHTML(capNesting(fetch.html, MAX_NESTING_DEPTH).html);
  const elements: Element[] = [];
  const byTag = new Map<string, Element[]>();
  const textParts: string[] = [];
  const fixAttributeCase = UPPERCASE_ATTRIBUTE.test(fetch.html);

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
        if (fixAttributeCase) lowerCaseAttributes(element);
        elements.push(element);
        const list = byTag.get(tag);
        if (list) list.push(element);
        else byTag.set(tag, [element]);
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
    text: textParts.join(" "),
    fetch,
    site,
    settings,
  };
}

/** Elements of a tag, or an empty list. */
export const tags = (page: Page, tag: string): Element[] => page.byTag.get(tag) ?? [];
