import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { audit, reaudit, steer, watchedPage } from "../helpers/watched-site";

const project = () => new URL(env.WATCHED_SITE).hostname;

/** One page per watched field, each changed alone between two audits, and the one change it must give. */
const cases = (site: string): { label: string; set: Record<string, string>; change: Record<string, unknown> }[] => [
  { label: "title", set: { title: "A brand new title for the page" }, change: { field: "title", severity: "warning", after: "A brand new title for the page" } },
  { label: "description", set: { description: "Another description." }, change: { field: "meta_description", severity: "warning", after: "Another description." } },
  { label: "h1", set: { h1: "Renamed heading" }, change: { field: "h1", severity: "warning", before: "Watched page", after: "Renamed heading" } },
  { label: "canonical", set: { canonical: `${site}/elsewhere` }, change: { field: "canonical", severity: "critical", before: null, after: `${site}/elsewhere` } },
  { label: "robots", set: { robots: "noindex" }, change: { field: "indexable", severity: "critical", before: "indexable", after: "not indexable: noindex in meta robots" } },
  { label: "status", set: { status: "404" }, change: { field: "status_code", severity: "critical", before: "200", after: "404" } },
  { label: "redirect", set: { redirect: "moved" }, change: { field: "final_url", severity: "critical" } },
];

describe("the change log: what changed between two audits, through the real queue", () => {
  let caller: Caller;
  let other: Caller;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    caller = await createCaller("changes");
    other = await createCaller("changes-other");
    const pages = cases(env.WATCHED_SITE).map((c) => ({ ...c, page: watchedPage(c.label) }));
    await Promise.all(pages.map(async (c) => ids.set(c.label, await audit(caller, c.page.url))));
    // The first generation has nothing to compare with.
    for (const id of ids.values()) expect((await call(`/api/v1/reports/${id}/changes`, { key: caller.key })).json.meta.total).toBe(0);
    await Promise.all(pages.map((c) => steer(c.page.name, c.set)));
    await Promise.all(pages.map((c) => reaudit(caller, ids.get(c.label)!)));
  }, 120_000);

  it("title, description, H1, canonical, robots, status and redirect each give one change of the right severity", async () => {
    for (const c of cases(env.WATCHED_SITE)) {
      const id = ids.get(c.label)!;
      const res = await call(`/api/v1/reports/${id}/changes`, { key: caller.key });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data, c.label).toHaveLength(1);
      expect(res.json.data[0], c.label).toMatchObject({ report: id, project: project(), generation: 2, ...c.change });
      expect(Object.keys(res.json.data[0]).sort()).toEqual(["after", "before", "detected_at", "field", "generation", "id", "project", "report", "severity"]);
    }
    const redirect = (await call(`/api/v1/reports/${ids.get("redirect")}/changes`, { key: caller.key })).json.data[0];
    expect(redirect.before).toMatch(/\/w\/redirect-[^/]+$/);
    expect(redirect.after).toBe(`${redirect.before}/moved`);
  });

  it("the project's log has every report's changes, newest first; severity keeps that severity and above; field filters", async () => {
    const all = await call(`/api/v1/projects/${project()}/changes?per_page=25`, { key: caller.key });
    expect(all.status, all.text).toBe(200);
    expect(all.json.meta.total).toBe(7);
    expect(new Set(all.json.data.map((c: any) => c.report))).toEqual(new Set(ids.values()));
    const order = all.json.data.map((c: any) => `${c.detected_at}#${String(c.id).padStart(9, "0")}`);
    expect(order).toEqual([...order].sort().reverse());

    const critical = await call(`/api/v1/projects/${project()}/changes?severity=critical`, { key: caller.key });
    expect(critical.json.data.map((c: any) => c.field).sort()).toEqual(["canonical", "final_url", "indexable", "status_code"]);
    const warning = await call(`/api/v1/projects/${project()}/changes?severity=warning&per_page=25`, { key: caller.key });
    expect(warning.json.meta.total).toBe(7);
    const titles = await call(`/api/v1/projects/${project()}/changes?field=title&fields=field,after`, { key: caller.key });
    expect(titles.json.data).toEqual([{ id: expect.any(Number), field: "title", after: "A brand new title for the page" }]);
    const reportOnly = await call(`/api/v1/reports/${ids.get("robots")}/changes?severity=critical&field=indexable`, { key: caller.key });
    expect(reportOnly.json.meta.total).toBe(1);
    const none = await call(`/api/v1/reports/${ids.get("title")}/changes?severity=critical`, { key: caller.key });
    expect(none.json.meta.total).toBe(0);
  });

  it("bad filters are 422 naming the field; CSV like the other lists", async () => {
    for (const [query, field] of [["severity=urgent", "severity"], ["field=price", "field"], ["fields=nope", "fields"], ["per_page=7", "per_page"]]) {
      const res = await call(`/api/v1/projects/${project()}/changes?${query}`, { key: caller.key });
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual([field]);
    }
    const csv = await call(`/api/v1/projects/${project()}/changes?format=csv&severity=critical`, { key: caller.key });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("id,report,project,field,before,after,severity,generation,detected_at");
    expect(lines).toHaveLength(5);
  });

  it("another account's report and project are 404, and a project it does not have is 404", async () => {
    expect((await call(`/api/v1/reports/${ids.get("title")}/changes`, { key: other.key })).status).toBe(404);
    expect((await call(`/api/v1/projects/${project()}/changes`, { key: other.key })).status).toBe(404);
    expect((await call(`/api/v1/projects/nowhere.example/changes`, { key: caller.key })).status).toBe(404);
  });

  it("each history row keeps its watched record, under 2 KB", async () => {
    const rows = await env.DB.prepare("SELECT watched FROM report_history WHERE report_id = ? ORDER BY generation").bind(ids.get("title")).all<{ watched: string }>();
    expect(rows.results).toHaveLength(2);
    for (const row of rows.results) expect(new TextEncoder().encode(row.watched).length).toBeLessThan(2048);
    expect(JSON.parse(rows.results[1]!.watched)).toMatchObject({ title: "A brand new title for the page", status: 200, indexable: true });
  });
});
