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

/** The only place that imports linkedom: one parse, then one walk that every check shares. */
export function parsePage(fetch: FetchFacts, site: SiteFacts, settings: CheckSettings): Page {
  const { document } = parseHTML(capNesting(fetch.html, MAX_NESTING_DEPTH).html);
  const elements: Element[] = [];
  const byTag = new Map<string, Element[]>();
  const textParts: string[] = [];
  const fixAttributeCase = UPPERCASE_ATTRIBUTE.test(fetch.html);

  // An explicit stack: hostile pages nest 100,000 elements deep, which recursion would not survive.
  const stack: { node: Node; hidden: boolean }[] = [];
  for (let child = document.lastChild; child; child = child.previousSibling) stack.push({ node: child, hidden: false });
  while (stack.length > 0) {
    const { node, hidden } = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (!hidden) textParts.push(node.nodeValue ?? "");
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (fixAttributeCase) lowerCaseAttributes(element);
    elements.push(element);
    const list = byTag.get(tag);
    if (list) list.push(element);
    else byTag.set(tag, [element]);
    const childHidden = hidden || HIDDEN_TEXT_PARENTS.has(tag);
    for (let child = element.lastChild; child; child = child.previousSibling) stack.push({ node: child, hidden: childHidden });
  }

  return {
    url: new URL(fetch.finalUrl),
    html: fetch.html,
    document: document as unknown as Document,
    elements,
    byTag,
    text: textParts.join(" ").replace(/\s+/g, " ").trim(),
    fetch,
    site,
    settings,
  };
}

/** Elements of a tag, or an empty list. */
export const tags = (page: Page, tag: string): Element[] => page.byTag.get(tag) ?? [];
