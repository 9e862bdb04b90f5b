import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const httpStatus: Check = {
  id: "http_status",
  category: "seo",
  importance: "high",
  title: "The page answers with a successful HTTP status",
  fix: "Serve the page with status 200; search engines may not index pages that answer 4xx or 5xx.",
  readsDom: false,
  run(page) {
    const { status } = page.fetch;
    return status >= 200 && status <= 399 ? pass(status) : fail(status, { bad_status: status });
  },
};
