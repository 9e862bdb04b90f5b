import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const pageSize: Check = {
  id: "page_size",
  category: "performance",
  importance: "medium",
  title: "The HTML document is not too large",
  fix: "Make the HTML smaller: move inline scripts, styles and data to cached files and trim repeated markup.",
  readsDom: false,
  run(page) {
    const { bytes } = page.fetch;
    const max = page.settings.maxPageBytes;
    if (bytes <= max) return pass(bytes);
    return fail(bytes, { too_large: { bytes, max } });
  },
};
