import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const https: Check = {
  id: "https",
  category: "security",
  importance: "high",
  title: "The page is served over HTTPS",
  fix: "Serve the site over HTTPS and redirect every http:// URL to its https:// version.",
  readsDom: false,
  run(page) {
    const protocol = page.url.protocol.replace(/:$/, "");
    if (protocol === "https") return pass(protocol);
    return fail(protocol, { not_https: page.url.href });
  },
};
