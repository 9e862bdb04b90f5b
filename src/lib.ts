// The package entry for other Workers and scripts: mount the API, or audit a page directly.
export { createApi, createApp } from "./app";
export { analyzePage, type AnalysisOutcome } from "./analysis/analyze";
export { analysisOptionsFromEnv, type AnalysisOptions } from "./analysis/settings";
export { checks } from "./analysis/checks/index";
export { handleQueue } from "./queue/dispatch";
export type { AppEnv, AnalysisJob } from "./env";
export type { Check, CheckResult, Results } from "./analysis/types";
export { default } from "./index";
