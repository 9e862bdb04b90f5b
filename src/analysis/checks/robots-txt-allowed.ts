import { isAllowed, parsedRobotsOf, robotsAvailability } from "../robots";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

const AGENTS = ["*", "Googlebot"];

export const robotsTxtAllowed: Check = {
  id: "robots_txt_allowed",
  category: "seo",
  importance: "high",
  title: "robots.txt lets search engines crawl the page",
  fix: "Remove or narrow the Disallow rule in robots.txt that matches this page's path.",
  readsDom: false,
  run(page) {
    const { robots } = page.site;
    const availability = robotsAvailability(robots);
    if (availability === "missing") return pass({ robots_txt: "missing", allowed: true });
    if (availability === "unreachable") {
      return fail(
        { robots_txt: "unreachable", status: robots.status },
        { unreachable: `robots.txt answered ${robots.status ?? "nothing"}; crawlers must then treat the whole site as disallowed (RFC 9309).` },
      );
    }
    const parsed = parsedRobotsOf(robots);
    const path = page.url.pathname + page.url.search;
    const disallowed = AGENTS.flatMap((agent) => {
      const { allowed, rule } = isAllowed(parsed, agent, path);
      return allowed || !rule ? [] : [{ agent, line: rule.line, rule: rule.text }];
    });
    const value = { path, allowed: disallowed.length === 0 };
    return disallowed.length === 0 ? pass(value) : fail(value, { disallowed });
  },
};
