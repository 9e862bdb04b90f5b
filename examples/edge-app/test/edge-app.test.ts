import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      TEST_MIGRATIONS: import("@cloudflare/vitest-plugin").D1Migration[];
      PAGE_SERVER: string;
    }
  }
}

const BASE = "https://edge-app.test";
let key = "";

const call = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers: { Accept: "application/json", Authorization: `Bearer ${key}`, ...init.headers } }));

/** A key stored as pagegrade stores them (SHA-256 hex of `pg_` + 32 random bytes in base64url). */
async function createKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const newKey = `pg_${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
  const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(newKey)))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const account = await env.DB.prepare("INSERT INTO accounts (name) VALUES ('edge-app') RETURNING id").first<{ id: number }>();
  await env.DB.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (?, 'edge-app', ?, ?)").bind(account!.id, newKey.slice(0, 8), hash).run();
  return newKey;
}

beforeAll(async () => {
  key = await createKey();
});

describe("an edge app embedding pagegrade", () => {
  it("answers its own route", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ app: "edge-app", audits: "/api/v1/reports" });
  });

  it("answers pagegrade's API beside it, with pagegrade's errors", async () => {
    const openapi = await call("/api/v1/openapi.json");
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const unauthenticated = await exports.default.fetch(new Request(`${BASE}/api/v1/reports`));
    expect(unauthenticated.status).toBe(401);
    const list = await call("/api/v1/reports");
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("completes a report end to end through its own queue consumer", async () => {
    const url = `${env.PAGE_SERVER}/page`;
    const created = await call("/api/v1/reports", { method: "POST", body: new URLSearchParams({ url }) });
    const body = (await created.json()) as { data: { id: number; status: string } };
    expect(created.status, JSON.stringify(body)).toBe(201);
    expect(body.data.status).toBe("queued");

    let report: Record<string, any> = {};
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      report = ((await (await call(`/api/v1/reports/${body.data.id}`)).json()) as { data: Record<string, any> }).data;
      if (report.status === "completed" || report.status === "failed") break;
    }
    expect(report, JSON.stringify(report.error)).toMatchObject({ status: "completed", url, final_url: url, error: null });
    expect(report.score).toBeGreaterThan(0);
    expect(report.results.title).toMatchObject({ passed: true, value: "An edge app's own page to audit" });
    const stored = await env.DB.prepare("SELECT status, score FROM reports WHERE id = ?").bind(body.data.id).first();
    expect(stored).toEqual({ status: "completed", score: report.score });
  });
});
