import { tags } from "../parse";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { capList, textOf } from "./seo-helpers";

const nonEmpty = (el: Element, name: string): boolean => (el.getAttribute(name) ?? "").trim() !== "";

/** axe's aria-labelledby check: at least one referenced element exists and has text. */
function labelledByText(img: Element): boolean {
  const ids = (img.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
  return ids.some((id) => {
    const target = img.ownerDocument.getElementById(id);
    return target !== null && textOf(target) !== "";
  });
}

const isPresentational = (img: Element): boolean => {
  const role = (img.getAttribute("role") ?? "").trim().toLowerCase().split(/\s+/)[0];
  return role === "presentation" || role === "none";
};

/** axe excludes what assistive technology never reaches: aria-hidden or hidden subtrees. */
function isHidden(img: Element): boolean {
  // A plain ancestor walk: linkedom's closest() compiles the selector on every call, 10x slower.
  for (let el: Element | null = img; el; el = el.parentElement) {
    if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("hidden")) return true;
  }
  return false;
}

const describe = (img: Element): string => (img.getAttribute("src") ?? img.getAttribute("data-src") ?? "").slice(0, 200);

export const imageAlt: Check = {
  id: "image_alt",
  category: "seo",
  importance: "high",
  title: "Every image has alternative text",
  fix: 'Give each <img> an alt attribute describing it, or alt="" when it is decorative.',
  run(page) {
    const images = tags(page, "img").filter((img) => !isHidden(img));
    if (images.length === 0) return notApplicable("no images");
    const missing: string[] = [];
    const spaceOnly: string[] = [];
    for (const img of images) {
      const alt = img.getAttribute("alt");
      // axe's alt-space-value: alt=" " is neither a description nor the decorative empty alt.
      if (alt !== null && alt !== "" && alt.trim() === "") spaceOnly.push(describe(img));
      else if (
        alt === null &&
        !nonEmpty(img, "aria-label") &&
        !nonEmpty(img, "title") &&
        !isPresentational(img) &&
        !labelledByText(img)
      ) {
        missing.push(describe(img));
      }
    }
    const value = { images: images.length, without_alt: missing.length + spaceOnly.length };
    if (missing.length === 0 && spaceOnly.length === 0) return pass(value);
    const errors: Record<string, unknown> = {};
    if (missing.length > 0) errors.missing_alt = capList(missing);
    if (spaceOnly.length > 0) errors.whitespace_alt = capList(spaceOnly);
    return fail(value, errors);
  },
};
