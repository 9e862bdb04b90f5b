import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaByKey } from "./misc-helpers";

const REQUIRED = ["og:title", "og:description", "og:image", "og:url"] as const;

export const openGraph: Check = {
  id: "open_graph",
  category: "miscellaneous",
  importance: "low",
  title: "Open Graph tags give the page a title, description, image and URL for link previews",
  fix: 'Add <meta property="og:title">, og:description, og:image and og:url with non-empty content.',
  run(page) {
    const meta = metaByKey(page);
    const value = Object.fromEntries(REQUIRED.map((key) => [key, meta.get(key) || null]));
    const missing = REQUIRED.filter((key) => !meta.get(key));
    return missing.length === 0 ? pass(value) : fail(value, { missing });
  },
};
