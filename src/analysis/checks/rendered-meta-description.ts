import { metaDescriptionSignal } from "./render-signals";
import type { Check } from "../types";
import { sameInRawAndRendered, withRendering } from "./rendering-helpers";

export const renderedMetaDescription: Check = {
  id: "rendered_meta_description",
  category: "rendering",
  importance: "low",
  title: "The meta description is in the HTML as served, not written by script",
  fix: "Put the final <meta name=\"description\"> in the HTML the server sends, not one that script adds or changes.",
  run(page) {
    return withRendering(page, ({ raw }) => sameInRawAndRendered(raw.metaDescription, metaDescriptionSignal(page)));
  },
};
