import { isAllowed, parseRobots, robotsAvailability } from "../analysis/robots";
import type { RobotsFacts } from "../analysis/types";
import { textHash } from "../analysis/watched";
import type { PageChange } from "./page-changes";

/** What a robots.txt watch remembers between two reads: the file's text (null: none) and whether it answered. */
export interface RobotsSeen {
  body: string | null;
  reachable: boolean;
}

/** The agent whose rules decide whether a watched page is disallowed, as the robots_txt_allowed check reads them. */
const AGENT = "Googlebot";

export const robotsSeenOf = (facts: RobotsFacts): RobotsSeen => ({
  body: facts.body,
  reachable: robotsAvailability(facts) !== "unreachable" && facts.status !== null,
});

const describe = (seen: RobotsSeen) => (!seen.reachable ? "unreachable" : seen.body === null ? "missing" : `${seen.body.length} characters, ${textHash(seen.body)}`);

const allowedBy = (seen: RobotsSeen) => {
  // Unreachable (5xx, no answer) means everything is disallowed (RFC 9309); a missing file allows everything.
  if (!seen.reachable) return () => false;
  const parsed = parseRobots(seen.body ?? "");
  return (path: string) => isAllowed(parsed, AGENT, path).allowed;
};

/**
 * The robots_txt changes between two reads of a project's robots.txt (docs/monitoring.md "Changes and alerts"): it
 * became unreachable (critical) or reachable again (warning), its content changed (warning), and each watched page
 * (a path of one of the project's reports) it now disallows (critical). The first read (no `before`) is the baseline.
 */
export function robotsChanges(before: RobotsSeen | null, after: RobotsSeen, watchedPaths: string[]): PageChange[] {
  if (!before) return [];
  const found: PageChange[] = [];
  if (before.reachable !== after.reachable) {
    found.push({ field: "robots_txt", before: describe(before), after: describe(after), severity: after.reachable ? "warning" : "critical" });
  } else if (before.body !== after.body) {
    found.push({ field: "robots_txt", before: describe(before), after: describe(after), severity: "warning" });
  }
  const wasAllowed = allowedBy(before);
  const isNowAllowed = allowedBy(after);
  for (const path of watchedPaths) {
    if (wasAllowed(path) && !isNowAllowed(path)) found.push({ field: "robots_txt", before: `allows ${path}`, after: `disallows ${path}`, severity: "critical" });
  }
  return found.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "critical" ? -1 : 1));
}
