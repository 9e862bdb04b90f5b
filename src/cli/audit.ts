import { analyzePage, type AnalysisOutcome } from "../analysis/analyze";
import { credentialsFor } from "../analysis/credentials";
import type { AnalysisOptions } from "../analysis/settings";
import type { AuditCommand } from "./args";
import { mapConcurrently } from "./pool";

/** One page's analysis; the engine reports page problems as values, so a throw is a bug, told as this page's failure. */
export async function auditPage(url: string, options: Parameters<typeof analyzePage>[1]): Promise<AnalysisOutcome> {
  try {
    return await analyzePage(url, options);
  } catch (error) {
    return { ok: false, code: "analysis_crashed", message: `The analysis crashed: ${(error as Error)?.message ?? error}`, temporary: false };
  }
}

/**
 * Analyses every URL with the command's options (the Worker's settings from the environment, then the flags); the
 * credentials go to each URL's own origin only, as the API's `auth` does.
 */
export function auditPages(command: AuditCommand, options: AnalysisOptions): Promise<AnalysisOutcome[]> {
  const { auth } = command;
  return mapConcurrently(command.urls, command.concurrency, (url) => auditPage(url, auth ? { ...options, credentials: credentialsFor(url, auth) } : options));
}
