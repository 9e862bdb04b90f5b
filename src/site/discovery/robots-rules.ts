import { isAllowed, parseRobots, robotsAvailability, robotsLines } from "../../analysis/robots";
import type { RobotsFacts } from "../../analysis/types";

/** Crawl-delay is honoured up to this many seconds (docs/crawls.md). */
export const MAX_CRAWL_DELAY_SECONDS = 30;

/** Our product token in robots.txt (the User-Agent is "PagegradeBot/1.0 (...)"). */
export const PRODUCT_TOKEN = "pagegradebot";

/**
 * Crawl-delay of the group that applies to us (our token, else `*`), in seconds, capped at 30.
 * Not in RFC 9309, so robots.ts leaves it out; groups are read the same way.
 */
export function crawlDelaySeconds(body: string | null): number {
  if (!body) return 0;
  const delays = new Map<string, number>();
  let agents: string[] = [];
  let inRules = false;
  for (const line of robotsLines(body)) {
    if (line.key === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push((/^[A-Za-z_*-]+/.exec(line.value)?.[0] ?? "").toLowerCase());
    } else if (line.key !== null && line.key !== "sitemap") {
      inRules = true;
      const seconds = Number(line.value);
      if (line.key === "crawl-delay" && Number.isFinite(seconds) && seconds > 0) for (const agent of agents) delays.set(agent, seconds);
    }
  }
  const delay = delays.get(PRODUCT_TOKEN) ?? delays.get("*") ?? 0;
  return Math.min(delay, MAX_CRAWL_DELAY_SECONDS);
}

/**
 * Whether robots.txt lets us fetch a URL. An unreachable robots.txt (5xx) means everything is disallowed
 * (RFC 9309 2.3.1.4); a missing one allows everything.
 */
export function robotsPolicy(robots: RobotsFacts): (url: string) => boolean {
  const availability = robotsAvailability(robots);
  if (availability === "unreachable") return () => false;
  if (availability === "missing" || robots.body === null) return () => true;
  const parsed = parseRobots(robots.body);
  return (url) => {
    const { pathname, search } = new URL(url);
    return isAllowed(parsed, PRODUCT_TOKEN, pathname + search).allowed;
  };
}
