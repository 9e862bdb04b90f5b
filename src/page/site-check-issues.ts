import type { SiteCheck, SiteVerdict } from "../site/checks/types";
import type { IssueRow } from "./components/issues-chart";

/**
 * The failed site checks as rows of the issues chart: each failure's count at its check's importance (medium unless
 * the check says otherwise, as the command line's --fail-on reads it).
 */
export function siteCheckIssues(checks: SiteCheck[], verdicts: Record<string, SiteVerdict> | null): IssueRow[] {
  if (!verdicts) return [];
  return checks.flatMap((check) => {
    const verdict = verdicts[check.id];
    if (!verdict || !verdict.applicable || verdict.passed) return [];
    return [{ category: "Site-wide", importance: check.importance ?? "medium", pages: verdict.count }];
  });
}
