import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const textHtmlRatio: Check = {
  id: "text_html_ratio",
  category: "miscellaneous",
  importance: "low",
  title: "Visible text makes up a fair share of the HTML",
  fix: "Cut markup bloat (inline scripts, styles, deep wrappers) or add more visible text.",
  run(page) {
    // Over the part the DOM was built from when a very long page was cut, the only part whose text is known.
    const htmlLength = page.truncatedDom ? page.domHtmlLength : page.html.length;
    const raw = htmlLength === 0 ? 0 : (page.text.length / htmlLength) * 100;
    // Compared after rounding so the verdict agrees with the percentage the report shows.
    const ratio = Math.round(raw * 10) / 10;
    const min = page.settings.minTextHtmlRatio;
    return ratio >= min ? pass(ratio) : fail(ratio, { too_little_text: { ratio, min } });
  },
};
