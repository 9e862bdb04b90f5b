import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const notFoundPage: Check = {
  id: "not_found_page",
  category: "seo",
  importance: "high",
  title: "A missing page answers 404",
  fix: "Make the server answer unknown paths with status 404 (or 410), not 200 or a redirect.",
  readsDom: false,
  run(page) {
    const status = page.site.notFoundStatus;
    if (status === null) return fail(null, { unchecked: "The request for a random path failed, so the 404 page could not be checked." });
    if (status === 404 || status === 410) return pass(status);
    return fail(status, { wrong_status: status });
  },
};
