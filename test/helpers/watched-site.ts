import { env } from "cloudflare:workers";
import { call, type Caller } from "./api";
import { waitForReport } from "./wait-report";

/** A page of the watched site (test/server/watched-site.ts), unique to this run. */
let pages = 0;
export const watchedPage = (label: string) => {
  const name = `${label}-${Date.now().toString(36)}-${++pages}`;
  return { name, url: `${env.WATCHED_SITE}/w/${name}` };
};

/** Sets how the page answers from now on (parameters left out are back to their defaults). */
export async function steer(name: string, params: Record<string, string> = {}) {
  const res = await fetch(`${env.WATCHED_SITE}/__set/${name}?${new URLSearchParams(params)}`);
  if (!res.ok) throw new Error(`steering ${name} answered ${res.status}`);
}

/** Creates a report of the URL through the API and the real queue, and waits for it to complete. */
export async function audit(caller: Caller, url: string): Promise<number> {
  const res = await call("/api/v1/reports", { key: caller.key, form: { url } });
  if (res.status !== 202 && res.status !== 201) throw new Error(`POST /api/v1/reports answered ${res.status}: ${res.text}`);
  const id = res.json.data.id as number;
  const report = await waitForReport(caller.key, id);
  if (report.status !== "completed") throw new Error(`report ${id} ended ${report.status}: ${JSON.stringify(report.error)}`);
  return id;
}

/** Audits the report again (update=1) through the real queue and waits for it. */
export async function reaudit(caller: Caller, id: number) {
  const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PUT", form: { update: 1 } });
  if (res.status !== 202) throw new Error(`update=1 answered ${res.status}: ${res.text}`);
  const report = await waitForReport(caller.key, id);
  if (report.status !== "completed") throw new Error(`report ${id} ended ${report.status}: ${JSON.stringify(report.error)}`);
}
