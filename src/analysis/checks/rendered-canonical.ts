import { canonicalSignal } from "./render-signals";
import type { Check } from "../types";
import { sameInRawAndRendered, withRendering } from "./rendering-helpers";

export const renderedCanonical: Check = {
  id: "rendered_canonical",
  category: "rendering",
  importance: "high",
  title: "Script does not add or change the canonical URL",
  fix: "Put the one canonical <link> in the HTML the server sends and never change it by script: search engines may act on the raw one.",
  run(page) {
    return withRendering(page, ({ raw }) => sameInRawAndRendered(raw.canonical, canonicalSignal(page)));
  },
};
