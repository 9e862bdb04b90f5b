import { env } from "cloudflare:workers";

/**
 * The Worker's env for a test that hands the analysis consumer one message and expects the report to end in that
 * call: the main lane's first deadline is the whole fetch deadline, so a local page slowed by a busy machine (three
 * test files share two cores) finishes where it started instead of moving to the slow lane. The lanes themselves
 * are tested with the short deadline (test/queue/consumer-lanes.test.ts, run alone).
 */
export const oneLaneEnv = (overrides: Partial<Env> = {}): Env => ({ ...env, SLOW_LANE_AFTER_MS: env.FETCH_TIMEOUT_MS, ...overrides }) as Env;
