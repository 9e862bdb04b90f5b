import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { pageTitles } from "./seo-helpers";

export const title: Check = {
  id: "title",
  category: "seo",
  importance: "high",
  title: "The page has one title of a readable length",
  fix: "Give the page exactly one <title> that describes it in 10 to 60 characters.",
  run(page) {
    const titles = pageTitles(page);
    const { titleMinLength: min, titleMaxLength: max } = page.settings;
    if (titles.length === 0) return fail(null, { missing: true });
    const text = (titles[0]!.textContent ?? "").trim();
    if (titles.length > 1) return fail(text, { too_many: titles.length });
    const length = [...text].length;
    if (length < min) return fail(text, { too_short: { length, min } });
    if (length > max) return fail(text, { too_long: { length, max } });
    return pass(text);
  },
};
