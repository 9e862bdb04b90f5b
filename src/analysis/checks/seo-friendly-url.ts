import type { Check } from "../types";
import { fail, pass } from "../verdict";

const UNFRIENDLY = ["_", "%20", " ", ",", "=", "?"];
const MAX_LENGTH = 115;

export const seoFriendlyUrl: Check = {
  id: "seo_friendly_url",
  category: "seo",
  importance: "high",
  title: "The URL is short and readable",
  fix: "Use a short path of words joined by hyphens, without underscores, spaces, commas or query parameters.",
  readsDom: false,
  run(page) {
    const pathAndQuery = page.url.pathname + page.url.search;
    const found = UNFRIENDLY.filter((s) => pathAndQuery.includes(s));
    const errors: Record<string, unknown> = {};
    if (found.length > 0) errors.unfriendly_characters = found;
    if (pathAndQuery.length > MAX_LENGTH) errors.too_long = { length: pathAndQuery.length, max: MAX_LENGTH };
    return Object.keys(errors).length === 0 ? pass(pathAndQuery) : fail(pathAndQuery, errors);
  },
};
