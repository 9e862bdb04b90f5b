import { sql, type SQL } from "drizzle-orm";
import { reports, type ReportSchedule } from "../db/schema";

export const INTERVAL_SECONDS = { daily: 86_400, weekly: 604_800 } as const;
const HOUR = 3600;
/** 61 is coprime with 3600: consecutive ids land on different seconds all over the hour. */
const SPREAD_FACTOR = 61;

/**
 * The first run of a schedule: one interval ahead, moved to the report's own second of that hour, so
 * 10,000 reports scheduled in the same minute spread over the whole hour. An SQL expression, because on
 * create the report's id only exists inside the statement.
 */
export function firstRunSql(schedule: ReportSchedule, nowSeconds: number): SQL {
  if (schedule === "none") return sql`NULL`;
  const hourStart = Math.floor((nowSeconds + INTERVAL_SECONDS[schedule]) / HOUR) * HOUR;
  return sql`${hourStart} + ((${reports.id} * ${SPREAD_FACTOR}) % ${HOUR})`;
}

/** The same rule in plain numbers, for callers that know the id. */
export function firstRunAt(id: number, schedule: Exclude<ReportSchedule, "none">, nowSeconds: number): number {
  return Math.floor((nowSeconds + INTERVAL_SECONDS[schedule]) / HOUR) * HOUR + ((id * SPREAD_FACTOR) % HOUR);
}

/**
 * The run after a due one: from the planned time, never from now (no drift), skipping whole intervals a
 * missed tick left behind (one catch-up run, not one per missed interval).
 */
export const advanceSql = (nowSeconds: number) => {
  const interval = `(CASE schedule WHEN 'weekly' THEN ${INTERVAL_SECONDS.weekly} ELSE ${INTERVAL_SECONDS.daily} END)`;
  return `next_run_at + ${interval} * ((${Math.floor(nowSeconds)} - next_run_at) / ${interval} + 1)`;
};
