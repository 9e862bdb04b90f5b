import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const favicon: Check = {
  id: "favicon",
  category: "seo",
  importance: "medium",
  title: "The page names a favicon",
  fix: 'Add <link rel="icon" href="/favicon.ico"> (or an SVG/PNG icon) to the <head>.',
  run(page) {
    // "icon", "shortcut icon" and "apple-touch-icon" all count.
    const icon = tags(page, "link").find((l) => (l.getAttribute("rel") ?? "").toLowerCase().includes("icon"));
    return icon ? pass(icon.getAttribute("href")) : fail(null, { missing: true });
  },
};
