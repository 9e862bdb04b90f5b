import { h1Signal } from "./render-signals";
import type { Check } from "../types";
import { sameInRawAndRendered, withRendering } from "./rendering-helpers";

export const renderedH1: Check = {
  id: "rendered_h1",
  category: "rendering",
  importance: "low",
  title: "The main heading is in the HTML as served, not written by script",
  fix: "Put the page's first <h1> in the HTML the server sends, with the same text script leaves it with.",
  run(page) {
    return withRendering(page, ({ raw }) => sameInRawAndRendered(raw.h1, h1Signal(page)));
  },
};
