import { titleSignal } from "./render-signals";
import type { Check } from "../types";
import { sameInRawAndRendered, withRendering } from "./rendering-helpers";

export const renderedTitle: Check = {
  id: "rendered_title",
  category: "rendering",
  importance: "medium",
  title: "The title is in the HTML as served, not written by script",
  fix: "Put the final <title> in the HTML the server sends; search engines may index the page before script runs, or not run it at all.",
  run(page) {
    return withRendering(page, ({ raw }) => sameInRawAndRendered(raw.title, titleSignal(page)));
  },
};
