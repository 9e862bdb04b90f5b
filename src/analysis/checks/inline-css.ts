import { tags, withAttribute } from "../parse";
import type { Check, Page } from "../types";
import { fail, pass } from "../verdict";
import { MAX_LISTED } from "./misc-helpers";

/**
 * Whether an element is an <svg> or inside one. Answers are memoised along each ancestor path, so a page
 * of 100,000 nested styled elements costs one climb instead of one per element.
 */
function svgMembership(): (el: Element) => boolean {
  const memo = new Map<Element, boolean>();
  return (el) => {
    const path: Element[] = [];
    let result = false;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const known = memo.get(node);
      if (known !== undefined) {
        result = known;
        break;
      }
      path.push(node);
      if (node.localName.toLowerCase() === "svg") {
        result = true;
        break;
      }
    }
    for (const node of path) memo.set(node, result);
    return result;
  };
}

function styledElements(page: Page): Element[] {
  const styled = withAttribute(page, "style");
  if (styled.length === 0 || tags(page, "svg").length === 0) return styled;
  // SVG drawings are exported with style attributes as a matter of course; that is not page CSS.
  const inSvg = svgMembership();
  return styled.filter((el) => !inSvg(el));
}

export const inlineCss: Check = {
  id: "inline_css",
  category: "miscellaneous",
  importance: "low",
  title: "No element carries inline CSS in a style attribute",
  fix: "Move style attributes into a stylesheet and apply the rules with classes.",
  run(page) {
    const styled = styledElements(page);
    if (styled.length === 0) return pass(0);
    const tagNames = [...new Set(styled.map((el) => el.localName.toLowerCase()))].slice(0, MAX_LISTED);
    return fail(styled.length, { style_attributes: tagNames });
  },
};
