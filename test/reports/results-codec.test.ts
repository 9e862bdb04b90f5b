import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { checksById } from "../../src/analysis/checks";
import type { Results } from "../../src/analysis/types";
import { encodeResults } from "../../src/reports/results-codec";
import { waitForReport } from "../helpers/wait-report";
import { call, createCaller, type Caller } from "../helpers/api";
import { analyse, insertReport } from "../helpers/report-page";
import { asHtml } from "../helpers/html";


const storedForm = (id: number) =>
  env.DB.prepare("SELECT typeof(results) AS type, length(results) AS bytes FROM reports WHERE id = ?").bind(id).first<{ type: string; bytes: number }>();

describe("results are stored compactly and read back unchanged", () => {
  let caller: Caller;
  const analysis = analyse(`<!doctype html><html lang="en"><head><title>Stored results, compactly</title></head><body><h1>Hi</h1><img src="a.png"></body></html>`);
  beforeAll(async () => {
    caller = await createCaller("storage");
  });

  it("the consumer stores a compressed BLOB and the API answers every check with the registry's category and importance", async () => {
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
    expect(created.status, created.text).toBe(201);
    const report = await waitForReport(caller.key, created.json.data.id);
    expect(report.status, JSON.stringify(report.error)).toBe("completed");
    const stored = await storedForm(report.id);
    expect(stored!.type).toBe("blob");
    const json = JSON.stringify(report.results);
    expect(stored!.bytes).toBeLessThan(json.length / 3);
    for (const [id, entry] of Object.entries(report.results as Results)) {
      expect(Object.keys(entry).slice(0, 4), id).toEqual(["category", "importance", "passed", "value"]);
      expect(entry.category, id).toBe(checksById.get(id)!.category);
      expect(entry.importance, id).toBe(checksById.get(id)!.importance);
      expect("errors" in entry, id).toBe(!entry.passed && entry.errors !== undefined);
    }
  });

  it("a BLOB row and an old JSON row of the same results answer byte for byte the same JSON", async () => {
    const blobId = await insertReport(caller, { analysis, url: "https://blob.example/" });
    const textId = await insertReport(caller, { analysis, url: "https://text.example/" });
    await env.DB.prepare("UPDATE reports SET results = ? WHERE id = ?").bind(encodeResults(analysis.results), blobId).run();
    expect((await storedForm(blobId))!.type).toBe("blob");
    const [blob, text] = await Promise.all([blobId, textId].map((id) => call(`/api/v1/reports/${id}`, { key: caller.key })));
    expect(JSON.stringify(blob!.json.data.results)).toBe(JSON.stringify(analysis.results));
    expect(JSON.stringify(text!.json.data.results)).toBe(JSON.stringify(analysis.results));
    const list = await call("/api/v1/reports?per_page=100", { key: caller.key });
    const listed = list.json.data.find((r: { id: number }) => r.id === blobId);
    expect(JSON.stringify(listed.results)).toBe(JSON.stringify(analysis.results));
    // The report page reads the same codec: every check's title is on it.
    const page = await call(`/reports/${blobId}`);
    expect(page.status).toBe(200);
    for (const id of Object.keys(analysis.results)) expect(page.text, id).toContain(asHtml(checksById.get(id)!.title));
  });

  it("keeps a check that did not apply as applicable false, shown with a neutral mark; an applicable pass keeps its tick", async () => {
    // Without rendering, agent_accessibility_tree cannot apply (it reads the browser's accessibility tree).
    expect(analysis.results.agent_accessibility_tree!.applicable).toBe(false);
    const id = await insertReport(caller, { analysis, url: "https://not-applicable.example/" });
    await env.DB.prepare("UPDATE reports SET results = ? WHERE id = ?").bind(encodeResults(analysis.results), id).run();
    const { results } = (await call(`/api/v1/reports/${id}`, { key: caller.key })).json.data;
    expect(results.agent_accessibility_tree).toMatchObject({ passed: true, applicable: false });
    expect(results.title.passed).toBe(true);
    expect("applicable" in results.title).toBe(false);
    const page = (await call(`/reports/${id}`)).text;
    const item = (check: string) => page.slice(page.indexOf(`id="check-${check}"`), page.indexOf("</li>", page.indexOf(`id="check-${check}"`)));
    expect(item("agent_accessibility_tree")).toContain('<span class="mark mark-na" aria-hidden="true">–</span>');
    expect(item("agent_accessibility_tree")).toContain('<span class="sr-only">Not applicable: </span>');
    expect(item("agent_accessibility_tree")).not.toContain("mark-pass");
    expect(item("title")).toContain('<span class="mark mark-pass" aria-hidden="true">✓</span>');
    expect(item("title")).toContain('<span class="sr-only">Passed: </span>');
  });
});

describe("the compact_results migration converts rows stored before it", () => {
  const migrations = env.TEST_MIGRATIONS;
  const mine = migrations.findIndex((m) => m.name.endsWith("_compact_results.sql"));
  const analysis = analyse(`<!doctype html><html><head><title>Before the migration</title></head><body><p>Old row.</p></body></html>`);
  // An entry of a check the registry no longer knows, one whose importance differs from the registry's, and one
  // malformed entry: all three must come back exactly as they were stored.
  // Rows of that time never carried `applicable` (results kept it only later).
  const asStoredThen = Object.fromEntries(Object.entries(analysis.results).map(([id, { applicable: _na, ...entry }]) => [id, entry]));
  const oldResults = {
    ...asStoredThen,
    retired_check: { category: "seo", importance: "medium", passed: false, value: 3, errors: { gone: true } },
    title: { ...analysis.results.title!, importance: "low" },
    odd: {},
  };
  let caller: Caller;
  let ids: { full: number; empty: number; none: number };

  beforeAll(async () => {
    expect(mine, "no migration named *_compact_results.sql").toBeGreaterThan(0);
    // A database as it was before this migration: drop everything (newest first), then apply the earlier ones.
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC",
    ).all<{ name: string }>();
    for (const { name } of tables.results) await env.DB.prepare(`DROP TABLE IF EXISTS "${name}"`).run();
    await applyD1Migrations(env.DB, migrations.slice(0, mine));
    caller = await createCaller("before");
    const insert = async (url: string, results: string | null) => {
      await env.DB.prepare("INSERT INTO projects (account_id, name) VALUES (?, 'old.example') ON CONFLICT DO NOTHING").bind(caller.accountId).run();
      const row = await env.DB.prepare(
        `INSERT INTO reports (account_id, project_id, url, final_url, status, score, result, issues_high, issues_medium, issues_low, results, generated_at)
         VALUES (?, (SELECT id FROM projects WHERE account_id = ?), ?, ?, 'completed', ?, ?, ?, ?, ?, ?, '2026-01-02T03:04:05.000Z') RETURNING id`,
      )
        .bind(caller.accountId, caller.accountId, url, url, analysis.score, analysis.result, analysis.issues.high, analysis.issues.medium, analysis.issues.low, results)
        .first<{ id: number }>();
      return row!.id;
    };
    ids = {
      full: await insert("https://old.example/full", JSON.stringify(oldResults)),
      empty: await insert("https://old.example/empty", "{}"),
      none: await insert("https://old.example/none", null),
    };
    await applyD1Migrations(env.DB, migrations);
  });

  it("leaves compact TEXT without the registry's fields", async () => {
    const row = await env.DB.prepare("SELECT results FROM reports WHERE id = ?").bind(ids.full).first<{ results: string }>();
    const compact = JSON.parse(row!.results);
    expect(compact.meta_description).toEqual([analysis.results.meta_description!.passed, analysis.results.meta_description!.value, ...(analysis.results.meta_description!.errors ? [analysis.results.meta_description!.errors] : [])]);
    expect(compact.retired_check).toEqual(oldResults.retired_check);
    expect(compact.title).toEqual(oldResults.title);
    expect(row!.results.length).toBeLessThan(JSON.stringify(oldResults).length * 0.8);
  });

  it("answers the converted rows through the API exactly as before", async () => {
    const full = await call(`/api/v1/reports/${ids.full}`, { key: caller.key });
    expect(full.status, full.text).toBe(200);
    expect(JSON.stringify(full.json.data.results)).toBe(JSON.stringify(oldResults));
    const empty = await call(`/api/v1/reports/${ids.empty}`, { key: caller.key });
    expect(empty.json.data.results).toEqual({});
    const none = await call(`/api/v1/reports/${ids.none}`, { key: caller.key });
    expect(none.json.data.results).toBeNull();
    const page = await call(`/reports/${ids.full}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Before the migration");
  });
});
