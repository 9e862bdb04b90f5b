import { DOMParser } from "linkedom";
import { findHeadEnder, isHtmlWhitespace } from "./head-source";
import { limitDom } from "./nesting";
import type { CheckSettings, FetchFacts, HeadEnd, Page, SiteFacts } from "./types";

const HIDDEN_TEXT_PARENTS = new Set(["script", "style", "noscript", "template", "head", "title"]);
/**
 * How a page is read (docs/analysis.md): the HTML standard's tree construction, where linkedom nests more leniently.
 * "in head" keeps these in the head; any other start tag or non-blank text ends it ("anything else").
 */
const IN_HEAD = new Set(["base", "basefont", "bgsound", "link", "meta", "title", "noscript", "noframes", "style", "script", "template"]);
/** "after head" (between </head> and <body>, or with no <head> tag) still inserts these into the head; not noscript. */
const AFTER_HEAD = new Set(["base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title"]);
/**
 * Content a browser (scripting on, as Google's renderer and Lighthouse run) keeps as text, or as an inert template
 * fragment: the element counts, what linkedom parsed inside it does not.
 */
const OPAQUE = new Set(["noscript", "template", "iframe", "noembed", "noframes", "xmp", "plaintext"]);
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
const HAS_UPPERCASE = /[A-Z]/;

/** Whether a name has an ASCII capital: by hand, as it runs once per attribute of the page. */
function hasCapital(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 65 && code <= 90) return true;
  }
  return false;
}

/**
 * linkedom keeps attribute names as written (STYLE=, ItemScope), where HTML parsing lower-cases them: the walk
 * finds the elements that have such a name, which are renamed after it.
 */
function lowerCaseAttributes(element: Element) {
  for (const name of element.getAttributeNames()) {
    if (!HAS_UPPERCASE.test(name)) continue;
    const lower = name.toLowerCase();
    const value = element.getAttribute(name) ?? "";
    element.removeAttribute(name);
    if (!element.hasAttribute(lower)) element.setAttribute(lower, value);
  }
}

const ELEMENT_NODE = 1;
const ATTRIBUTE_NODE = 2;
const TEXT_NODE = 3;
/** linkedom's marker closing an element in its linked list. */
const NODE_END = -1;

/** A linkedom node as its private linked list holds it. */
interface Linked {
  nodeType: number;
  name?: string;
  nodeValue?: string | null;
  parentNode?: unknown;
  [key: symbol]: Linked | undefined;
}

/**
 * linkedom keeps the whole document as one linked list in document order: each element, then its attributes,
 * its children, and an end marker. Its `next` and `end` symbols are private: found by their descriptions, and
 * test/analysis/parse.test.ts fails if an upgrade renames them.
 */
function linkedListSymbols(document: object): { next: symbol; end: symbol } {
  const symbols = Object.getOwnPropertySymbols(document);
  const next = symbols.find((s) => s.description === "next");
  const end = symbols.find((s) => s.description === "end");
  if (!next || !end) throw new Error("linkedom's document has no next/end links: this linkedom version is not supported");
  return { next, end };
}

/** 1 to 6 for h1 to h6, else 0. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag.charCodeAt(0) !== 104) return 0;
  const digit = tag.charCodeAt(1) - 48;
  return digit >= 1 && digit <= 6 ? digit : 0;
}

/**
 * Joining every text node with " ", collapsing whitespace runs and trimming is the same as trimming each node,
 * collapsing inside it and joining the non-empty ones with " ": and that skips a regex over megabytes of text.
 * Most nodes have nothing inside to collapse (a single space between words), which needsCollapse says cheaply.
 */
const WHITESPACE_RUN = /\s+/g;

/** \s beyond ASCII, as JavaScript defines it. */
const isWideSpace = (code: number): boolean =>
  code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
  code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;

/** Whether trimmed text has whitespace other than single spaces (what /\s\s|[^\S ]/ tests, without a regex call per node). */
function needsCollapse(text: string): boolean {
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      if (space) return true;
      space = true;
    } else if ((code >= 9 && code <= 13) || (code >= 0xa0 && isWideSpace(code))) {
      return true;
    } else space = false;
  }
  return false;
}

/** Whether text holds anything but HTML whitespace (U+00A0 and U+FEFF end a head; trim() would call them blank). */
function hasContent(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isHtmlWhitespace(text.charCodeAt(i))) return true;
  return false;
}

/** Text that ended a head, as head_valid names it: its start, invisible characters spelled out. */
const enderText = (text: string): string =>
  text.replace(/^[\t\n\f\r ]+/, "").slice(0, 40).replace(/\u00a0/g, "\\u00A0").replace(/\ufeff/g, "\\uFEFF");

/**
 * htmlparser2 turns a stray `</p>` into an empty `<p>`, where a browser's head ignores it: such a `<p>` has no
 * attributes and no children, and the source's head holds no `<p` start tag before whatever ends it.
 */
const isStrayEndTagP = (element: Element, headEnderIsP: () => boolean): boolean =>
  element.firstChild === null && element.attributes.length === 0 && !headEnderIsP();

/** The only place that imports linkedom: one parse, then one walk that every check shares. */
export function parsePage(fetch: FetchFacts, site: SiteFacts, settings: CheckSettings, budget: DomBudget = defaultDomBudget): Page {
  // Browsers also close a comment at "--!>"; htmlparser2 does not and would swallow the rest of the page. Same length,
  // so offsets into fetch.html stay valid.
  const source = fetch.html.includes("--!>") ? fetch.html.replaceAll("--!>", "-->") : fetch.html;
  const limited = limitDom(source, { maxDepth: MAX_NESTING_DEPTH, ...budget });
  // Scanned at most once, on the first empty <p>: a head of 20,000 "</p>" would otherwise rescan it 20,000 times.
  let sourceHeadEnderIsP: boolean | undefined;
  const headEnderIsP = (): boolean => (sourceHeadEnderIsP ??= findHeadEnder(source)?.tag === "p");
  // parseHTML is this plus a window Proxy over globalThis, which nothing here reads.
  const document = new DOMParser().parseFromString(limited.html, "text/html");
  const elements: Element[] = [];
  const byTag = new Map<string, Element[]>();
  const byAttribute = new Map<string, Element[]>();
  const textParts: string[] = [];
  const headings: Page["headings"] = [];
  const toFix: Element[] = [];
  const { next, end } = linkedListSymbols(document);

  // One pass along linkedom's list rather than firstChild/nextSibling, whose getters each skip attribute nodes
  // again; no recursion and no stack, so a page nested 100,000 deep walks like a flat one.
  const documentEnd = (document as unknown as Linked)[end];
  let hiddenEnd: Linked | null = null;
  let current: Element | null = null;
  // Inside noscript, template, iframe...: what linkedom parsed there is no element of the page.
  let opaqueEnd: Linked | null = null;
  // Inside svg or math, where <image> stays an SVG image.
  let foreignEnd: Linked | null = null;
  // The head as a browser builds it, decided in document order until the body starts.
  const head: Element[] = [];
  let headEnd: HeadEnd | null = null;
  let headEl: Linked | null = null;
  let headElEnd: Linked | null = null;
  let inBody = false;
  // After an early end: metadata linkedom still has inside the source's <head>, which a browser put in the body.
  let collectHidden = false;
  for (let node = (document as unknown as Linked)[next]; node && node !== documentEnd; node = node[next]) {
    const type = node.nodeType;
    if (type === ELEMENT_NODE) {
      if (opaqueEnd !== null) {
        current = null; // its attributes are skipped too
        continue;
      }
      const element = node as unknown as Element;
      const tag = element.localName.toLowerCase();
      current = element;
      elements.push(element);
      const list = byTag.get(tag);
      if (list) list.push(element);
      else byTag.set(tag, [element]);
      const level = headingLevel(tag);
      if (level !== 0) headings.push({ level, el: element });
      if (hiddenEnd === null && HIDDEN_TEXT_PARENTS.has(tag)) hiddenEnd = node[end]!;
      if (OPAQUE.has(tag)) opaqueEnd = node[end]!;
      if (foreignEnd === null) {
        if (tag === "svg" || tag === "math") foreignEnd = node[end]!;
        else if (tag === "image") {
          // Browsers rename <image> to <img> outside SVG and MathML.
          const images = byTag.get("img");
          if (images) images.push(element);
          else byTag.set("img", [element]);
        }
      }
      if (!inBody) {
        if (tag === "head") {
          if (headEl === null) {
            headEl = node;
            headElEnd = node[end]!;
          }
        } else if (tag === "body") inBody = true;
        else if (tag !== "html") {
          const inHeadElement = headEl !== null && element.parentNode === (headEl as unknown as Node);
          if ((inHeadElement ? IN_HEAD : AFTER_HEAD).has(tag)) head.push(element);
          else if (!(inHeadElement && tag === "p" && isStrayEndTagP(element, headEnderIsP))) {
            inBody = true;
            headEnd = { tag, text: null, inSourceHead: inHeadElement, hidden: [] };
            collectHidden = inHeadElement;
          }
        }
      } else if (collectHidden) {
        if (tag === "meta" || tag === "link") headEnd!.hidden.push(element);
      } else if (tag === "head" && headEl === null && headEnd !== null) {
        // Text before <head> started the body: the whole source head is body content.
        headEl = node;
        headElEnd = node[end]!;
        collectHidden = true;
      }
    } else if (type === TEXT_NODE) {
      if (!inBody && opaqueEnd === null && (hiddenEnd === null || node.parentNode === headEl) && hasContent(node.nodeValue ?? "")) {
        // Non-blank text in the head, or before the body outside any head element: the body starts here.
        const inHeadElement = headEl !== null && node.parentNode === headEl;
        inBody = true;
        headEnd = { tag: "#text", text: enderText(node.nodeValue ?? ""), inSourceHead: inHeadElement, hidden: [] };
        collectHidden = inHeadElement;
      }
      if (hiddenEnd !== null) continue;
      const core = (node.nodeValue ?? "").trim();
      if (core !== "") textParts.push(needsCollapse(core) ? core.replace(WHITESPACE_RUN, " ") : core);
    } else if (type === NODE_END) {
      if (node === hiddenEnd) hiddenEnd = null;
      if (node === opaqueEnd) opaqueEnd = null;
      if (node === foreignEnd) foreignEnd = null;
      if (node === headElEnd) collectHidden = false;
    } else if (type === ATTRIBUTE_NODE) {
      if (current === null) continue;
      let name = node.name!;
      if (hasCapital(name)) {
        name = name.toLowerCase();
        if (toFix[toFix.length - 1] !== current) toFix.push(current!);
      }
      const list = byAttribute.get(name);
      if (list) list.push(current!);
      else byAttribute.set(name, [current!]);
    }
  }
  // After the walk: renaming an attribute relinks the list being walked.
  for (const element of toFix) lowerCaseAttributes(element);

  return {
    url: new URL(fetch.finalUrl),
    html: fetch.html,
    document: document as unknown as Document,
    elements,
    byTag,
    byAttribute,
    headings,
    head,
    headEnd,
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
/** The head's elements of a tag, as a browser builds the head (lower-case tag). */
export const headTags = (page: Page, tag: string): Element[] => page.head.filter((el) => el.localName.toLowerCase() === tag);
/** Elements that carry an attribute (lower-case name), or an empty list. */
export const withAttribute = (page: Page, name: string): Element[] => page.byAttribute.get(name) ?? [];
