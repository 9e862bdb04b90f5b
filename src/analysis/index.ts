/**
 * The `pagegrade/analysis` entry: audit a page anywhere `fetch` exists (Workers, Node, browsers).
 * Nothing here may import Hono, Drizzle or D1.
 */
import { analyzePage as analyzeWithOptions, type AnalysisOutcome } from "./analyze";
import type { RenderOptions } from "./render-page";
import { bundledVocabulary } from "./structured-data/bundled-vocabulary";
import { defaultAnalysisOptions, type AnalysisOptions } from "./settings";
import type { CheckSettings } from "./types";

export type AnalyzeOptions = Partial<Omit<AnalysisOptions, "settings">> & RenderOptions & { settings?: Partial<CheckSettings> };

const defined = <T extends object>(options: T) =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Fetches and audits one page; every option left out takes its wrangler.toml default. */
export function analyzePage(url: string, options: AnalyzeOptions = {}): Promise<AnalysisOutcome> {
  const defaults = defaultAnalysisOptions;
  const { settings, ...rest } = options;
  return analyzeWithOptions(url, { ...defaults, schemaVocabulary: bundledVocabulary, ...defined(rest), settings: { ...defaults.settings, ...defined(settings ?? {}) } });
}

export type { AnalysisOutcome } from "./analyze";
export type { RenderOptions } from "./render-page";
export type { RenderFailureCode, RenderInit, RenderOutcome, Renderer } from "./render-types";
export { allChecks, checks, checksById, renderingChecks } from "./checks/index";
export { importancePoints, resultForScore, resultScoreRanges, type ResultLabel } from "./score";
export { defaultAnalysisOptions, type AnalysisOptions } from "./settings";
export { defaultCheckSettings } from "./types";
export type { Category, Check, CheckResult, CheckSettings, Importance, LabElement, LabMetrics, Results } from "./types";
export { devices, type Device } from "./lab-device";
export { createBodyBudget, type BodyBudget, type BodyBudgetCounts, type BodyLease } from "./body-budget";
export {
  authHeaderNameProblem,
  authHeaderValueProblem,
  authHeaders,
  basicAuthorization,
  basicProblem,
  credentialsFor,
  MAX_AUTH_HEADERS,
  type Auth,
  type OriginCredentials,
} from "./credentials";
