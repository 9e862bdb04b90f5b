import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const domSize: Check = {
  id: "dom_size",
  category: "performance",
  importance: "low",
  title: "The page does not have too many HTML elements",
  fix: "Simplify the markup: remove wrapper elements and render long lists in pages or on demand.",
  run(page) {
    const count = page.elements.length;
    const max = page.settings.maxDomElements;
    if (count <= max) return pass(count);
    return fail(count, { too_many_elements: { count, max } });
  },
};
