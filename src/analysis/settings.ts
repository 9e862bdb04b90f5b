import { defaultCheckSettings, type CheckSettings } from "./types";

export interface AnalysisOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  maxBytes: number;
  settings: CheckSettings;
  userAgent?: string;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Which wrangler.toml var sets each check setting (docs/configuration.md). */
const settingVars = {
  titleMinLength: "TITLE_MIN_LENGTH",
  titleMaxLength: "TITLE_MAX_LENGTH",
  metaDescriptionMinLength: "META_DESCRIPTION_MIN_LENGTH",
  metaDescriptionMaxLength: "META_DESCRIPTION_MAX_LENGTH",
  maxInPageLinks: "MAX_IN_PAGE_LINKS",
  maxLoadTimeMs: "MAX_LOAD_TIME_MS",
  maxPageBytes: "MAX_PAGE_BYTES",
  maxHttpRequests: "MAX_HTTP_REQUESTS",
  maxDomElements: "MAX_DOM_ELEMENTS",
  minContentWords: "MIN_CONTENT_WORDS",
  minTextHtmlRatio: "MIN_TEXT_HTML_RATIO",
} as const satisfies Record<keyof CheckSettings, string>;

/**
 * The vars read, by name: a Record<string, unknown> would refuse the Worker's `Env` (an interface has
 * no index signature), while this takes `Env`, `process.env` and a plain object alike.
 */
export type AnalysisEnv = Partial<
  Record<(typeof settingVars)[keyof CheckSettings] | "ALLOW_PRIVATE_TARGETS" | "FETCH_TIMEOUT_MS" | "FETCH_MAX_BYTES", unknown>
>;

/** A var as a non-negative number, or the fallback when it is missing, blank or not a number. */
function numberVar(value: unknown, fallback: number, { positive = false } = {}): number {
  if (typeof value !== "string" && typeof value !== "number") return fallback;
  if (typeof value === "string" && value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (positive && n === 0)) return fallback;
  return n;
}

/** Analysis options from the Worker's vars (or process.env in the CLI). */
export function analysisOptionsFromEnv(env: AnalysisEnv): AnalysisOptions {
  const settings = { ...defaultCheckSettings };
  for (const key of Object.keys(settingVars) as (keyof CheckSettings)[]) {
    settings[key] = numberVar(env[settingVars[key]], defaultCheckSettings[key]);
  }
  return {
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS === "true",
    timeoutMs: numberVar(env.FETCH_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, { positive: true }),
    maxBytes: numberVar(env.FETCH_MAX_BYTES, DEFAULT_MAX_BYTES, { positive: true }),
    settings,
  };
}
