/** A positive integer var, or the fallback when it is missing, blank or not one. */
function positiveInt(value: unknown, fallback: number): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

type MonitoringEnv = Partial<Record<"HISTORY_LIMIT" | "SCHEDULE_BATCH" | "MAX_WEBHOOKS" | "WEBHOOK_TIMEOUT_MS", unknown>>;

export const historyLimit = (env: MonitoringEnv) => positiveInt(env.HISTORY_LIMIT, 100);
export const scheduleBatch = (env: MonitoringEnv) => positiveInt(env.SCHEDULE_BATCH, 1000);
export const maxWebhooks = (env: MonitoringEnv) => positiveInt(env.MAX_WEBHOOKS, 10);
export const webhookTimeoutMs = (env: MonitoringEnv) => positiveInt(env.WEBHOOK_TIMEOUT_MS, 15_000);
/** Where report pages live, for `page_url` in webhook payloads (no request to take it from); null when unset. */
export const publicOrigin = (env: Partial<Record<"PUBLIC_ORIGIN", unknown>>) =>
  typeof env.PUBLIC_ORIGIN === "string" && URL.canParse(env.PUBLIC_ORIGIN) ? new URL(env.PUBLIC_ORIGIN).origin : null;
