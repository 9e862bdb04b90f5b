import { env } from "cloudflare:workers";

/** A report's history rows, oldest generation first, as D1 holds them. */
export const historyRows = (reportId: number) =>
  env.DB.prepare("SELECT * FROM report_history WHERE report_id = ? ORDER BY generation").bind(reportId).all<Record<string, any>>().then((r) => r.results);

/** Starts the next generation as update=1 does, without sending its message: the test delivers it. */
export async function nextGeneration(id: number) {
  const row = await env.DB.prepare("UPDATE reports SET status = 'queued', generation = generation + 1 WHERE id = ? RETURNING generation")
    .bind(id)
    .first<{ generation: number }>();
  return { reportId: id, generation: row!.generation };
}

/** The deliveries queued for one report's event of `type`, whichever endpoint they go to. */
export const eventsOf = (reportId: number, type: string) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE type = ? AND json_extract(payload, '$.data.id') = ?").bind(type, reportId).all().then((r) => r.results);
