import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaContents } from "./seo-helpers";

/** `width` of a viewport content string: "width = Device-Width, initial-scale=1" gives "device-width". */
function viewportWidth(content: string): string | null {
  for (const part of content.split(/[,;]/)) {
    const [key = "", value = ""] = part.split("=");
    if (key.trim().toLowerCase() === "width") return value.trim().toLowerCase();
  }
  return null;
}

export const metaViewport: Check = {
  id: "meta_viewport",
  category: "miscellaneous",
  importance: "medium",
  title: "A viewport meta tag sizes the page to the device's width",
  fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the <head>.',
  run(page) {
    // The first one, as Lighthouse's viewport audit reads it.
    const viewport = metaContents(page, "viewport")[0];
    if (!viewport) return fail(null, { missing: true });
    if (viewportWidth(viewport.content) !== "device-width") return fail(viewport.content, { no_device_width: true });
    return pass(viewport.content);
  },
};
