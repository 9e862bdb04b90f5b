import { robotsAvailability, robotsLines } from "../robots";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";

// Lighthouse's list, minus noindex and license which no major crawler reads. content-signal stays:
// Cloudflare writes it into the robots.txt of every site that turns on its managed file.
const KNOWN_DIRECTIVES = new Set([
  "user-agent",
  "allow",
  "disallow",
  "sitemap",
  "crawl-delay",
  "host",
  "clean-param",
  "request-rate",
  "visit-time",
  "content-signal",
]);
const SITEMAP_PROTOCOLS = new Set(["http:", "https:", "ftp:"]);
const MAX_LINES_PER_ERROR = 20;

type Problem = "syntax" | "unknown_directive" | "rule_outside_group" | "invalid_value";

function validSitemap(value: string): boolean {
  try {
    return SITEMAP_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Lighthouse's value rules: a path pattern is empty or starts with / or *, and `$` only ends it. */
function validPattern(value: string): boolean {
  if (value !== "" && !value.startsWith("/") && !value.startsWith("*")) return false;
  const dollar = value.indexOf("$");
  return dollar === -1 || dollar === value.length - 1;
}

export const robotsTxtValid: Check = {
  id: "robots_txt_valid",
  category: "seo",
  importance: "medium",
  title: "robots.txt can be read by crawlers",
  fix: "Serve robots.txt without server errors, using only known directives, with Allow/Disallow lines after a User-agent line.",
  readsDom: false,
  run(page) {
    const { robots } = page.site;
    const availability = robotsAvailability(robots);
    if (availability === "missing") return notApplicable("no robots.txt");
    if (availability === "unreachable") return fail({ status: robots.status }, { server_error: robots.status });

    const problems = new Map<Problem, number[]>();
    const report = (problem: Problem, line: number) => {
      const lines = problems.get(problem) ?? [];
      if (lines.length < MAX_LINES_PER_ERROR) lines.push(line);
      problems.set(problem, lines);
    };
    const lines = robotsLines(robots.body ?? "");
    let inGroup = false;
    for (const { key, value, number } of lines) {
      if (key === null) report("syntax", number);
      else if (!KNOWN_DIRECTIVES.has(key)) report("unknown_directive", number);
      else if (key === "user-agent") {
        inGroup = true;
        if (value === "") report("invalid_value", number);
      } else if (key === "allow" || key === "disallow") {
        if (!inGroup) report("rule_outside_group", number);
        else if (!validPattern(value)) report("invalid_value", number);
      } else if (key === "sitemap" && !validSitemap(value)) report("invalid_value", number);
    }
    const value = { status: robots.status, lines: lines.length };
    return problems.size === 0 ? pass(value) : fail(value, Object.fromEntries(problems));
  },
};
