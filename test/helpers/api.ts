import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../src/index";
import { generateApiKey, hashApiKey } from "../../src/accounts/api-keys";

export const BASE = "https://pagegrade.test";

export interface Caller {
  key: string;
  accountId: number;
}

/** A new account with one API key, written to D1 exactly as `npm run key -- create` does. */
export async function createCaller(name = "test"): Promise<Caller> {
  const account = await env.DB.prepare("INSERT INTO accounts (name) VALUES (?) RETURNING id").bind(name).first<{ id: number }>();
  const { key, prefix } = generateApiKey();
  await env.DB.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (?, ?, ?, ?)")
    .bind(account!.id, name, prefix, await hashApiKey(key))
    .run();
  return { key, accountId: account!.id };
}

export interface RequestOptions {
  method?: string;
  key?: string | null;
  form?: Record<string, string | number>;
  json?: unknown;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** A request through the worker's own fetch handler, as a client would send it. */
export async function call(path: string, options: RequestOptions = {}) {
  const headers = new Headers({ Accept: "application/json", ...options.headers });
  if (options.key) headers.set("Authorization", `Bearer ${options.key}`);
  let body = options.body;
  if (options.form) {
    body = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)]));
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  const response = await exports.default.fetch(
    new Request(`${BASE}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body }),
  );
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A JSON POST through the real worker with some bindings changed: as a deployment configured that way. */
export async function postWith(overrides: Partial<Env>, path: string, key: string, json: unknown) {
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(json),
  });
  const res = await worker.fetch(request, { ...env, ...overrides } as Env, createExecutionContext());
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as any, text };
}

/** Inserts a finished report directly, for list/sort/filter tests that need known scores and dates. */
export async function seedReport(
  caller: Caller,
  url: string,
  fields: { score?: number | null; generatedAt?: string | null; createdAt?: string; privacy?: number } = {},
): Promise<number> {
  const host = new URL(url).hostname.replace(/^www\./, "");
  await env.DB.prepare("INSERT INTO projects (account_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(caller.accountId, host, fields.createdAt ?? new Date().toISOString())
    .run();
  const score = fields.score === undefined ? null : fields.score;
  const result = score === null ? null : score >= 80 ? "good" : score >= 50 ? "decent" : "bad";
  const row = await env.DB.prepare(
    `INSERT INTO reports (account_id, project_id, url, status, score, result, generated_at, privacy, created_at)
     VALUES (?, (SELECT id FROM projects WHERE account_id = ? AND name = ?), ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      caller.accountId,
      caller.accountId,
      host,
      url,
      score === null ? "queued" : "completed",
      score,
      result,
      fields.generatedAt === undefined ? (score === null ? null : new Date().toISOString()) : fields.generatedAt,
      fields.privacy ?? 0,
      fields.createdAt ?? new Date().toISOString(),
    )
    .first<{ id: number }>();
  return row!.id;
}
