// The package entry (`pagegrade`) for other Workers and scripts: mount the API, or audit a page directly.
export { createApi, createApp, type AppOptions } from "./app";
export * from "./analysis/index";
export { analysisOptionsFromEnv, type ConfigVars } from "./config";
export { handleQueue } from "./queue/dispatch";
export type { AppEnv } from "./env";
export type { AnalysisJob } from "./reports/analysis-job";
export { default } from "./index";
