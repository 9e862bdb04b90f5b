import { tags } from "../parse";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { shortUrl } from "./resource-urls";
import { capList } from "./seo-helpers";

const hasAttr = (el: Element, name: string): boolean => (el.getAttribute(name) ?? "").trim() !== "";

export const imageDimensions: Check = {
  id: "image_dimensions",
  category: "performance",
  importance: "low",
  title: "Every image declares its width and height",
  fix: "Add width and height attributes to each <img> so the browser reserves its space and the layout does not shift.",
  run(page) {
    const images = tags(page, "img");
    // Not applicable, like image_format: without images there is no layout shift to prevent.
    if (images.length === 0) return notApplicable("no images");
    const missing = images
      .filter((img) => !hasAttr(img, "width") || !hasAttr(img, "height"))
      .map((img) => shortUrl(img.getAttribute("src") ?? img.getAttribute("data-src") ?? ""));
    const value = { images: images.length, without_dimensions: missing.length };
    if (missing.length === 0) return pass(value);
    return fail(value, { missing_dimensions: capList(missing) });
  },
};
