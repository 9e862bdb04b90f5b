import { analyzePage, type AnalysisOutcome } from "../analysis/analyze";
import type { RenderOptions } from "../analysis/render-page";
import type { AnalysisOptions } from "../analysis/settings";
import type { AuditCommand } from "./args";
import { mapConcurrently } from "./pool";

/** Analyses every URL with the Worker's settings (read from the environment) and the command's flags; `--render` brings a renderer. */
export function auditPages(command: AuditCommand, fromEnv: AnalysisOptions, render: RenderOptions = {}): Promise<AnalysisOutcome[]> {
  const options = { ...fromEnv, ...render, allowPrivateTargets: command.allowPrivate || fromEnv.allowPrivateTargets };
  return mapConcurrently(command.urls, command.concurrency, async (url): Promise<AnalysisOutcome> => {
    try {
      return await analyzePage(url, options);
    } catch (error) {
      // The engine reports page problems as values; a throw is a bug, told as one page's failure.
      return { ok: false, code: "analysis_crashed", message: `The analysis crashed: ${(error as Error)?.message ?? error}`, temporary: false };
    }
  });
}
