import { env, exports } from "cloudflare:workers";
import { beforeAll } from "vitest";
import { allChecks, checks } from "../../src/analysis/checks";
import { scoreResults } from "../../src/analysis/score";
import type { Results } from "../../src/analysis/types";
import { hashPassword } from "../../src/crypto/password";
import { BASE, call, createCaller, type Caller } from "./api";
import { makePage, makeRenderedPage } from "./page";

export const HOSTILE = "<script>alert(1)</script>";

/** The results of every registered check run on an HTML fixture, as the analysis would store them. */
export function analyse(html: string, url = "https://example.com/page") {
  const page = makePage(html, { url });
  return scoreResults(checks.map((check) => ({ check, verdict: check.run(page) })));
}

/** The same for a rendered audit: every check on the rendered fixture, the rendering ones comparing it with the raw one. */
export function analyseRendered(rawHtml: string, renderedHtml: string, url = "https://example.com/page") {
  const page = makeRenderedPage(rawHtml, renderedHtml, { url });
  return scoreResults(allChecks.map((check) => ({ check, verdict: check.run(page) })));
}

export interface ReportFields {
  url?: string;
  finalUrl?: string | null;
  privacy?: number;
  password?: string;
  status?: "queued" | "processing" | "completed" | "failed";
  analysis?: { score: number; result: string; issues: { high: number; medium: number; low: number }; results: Results } | null;
  error?: { code: string; message: string };
  generatedAt?: string | null;
}

/** A report row written straight to D1, in any state the page has to render. */
export async function insertReport(caller: Caller, fields: ReportFields = {}): Promise<number> {
  const url = fields.url ?? "https://example.com/page";
  const analysis = fields.analysis === undefined ? analyse("<!doctype html><title>Fixture</title>", url) : fields.analysis;
  const project = await env.DB.prepare(
    "INSERT INTO projects (account_id, name) VALUES (?, ?) ON CONFLICT DO UPDATE SET name = excluded.name RETURNING id",
  )
    .bind(caller.accountId, "page-tests.example")
    .first<{ id: number }>();
  const row = await env.DB.prepare(
    `INSERT INTO reports (account_id, project_id, url, final_url, privacy, password_hash, status, score, result,
       issues_high, issues_medium, issues_low, results, error_code, error_message, generated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      caller.accountId,
      project!.id,
      url,
      fields.finalUrl === undefined ? url : fields.finalUrl,
      fields.privacy ?? 0,
      fields.password ? await hashPassword(fields.password) : null,
      fields.status ?? (analysis ? "completed" : "queued"),
      analysis?.score ?? null,
      analysis?.result ?? null,
      analysis?.issues.high ?? 0,
      analysis?.issues.medium ?? 0,
      analysis?.issues.low ?? 0,
      analysis ? JSON.stringify(analysis.results) : null,
      fields.error?.code ?? null,
      fields.error?.message ?? null,
      fields.generatedAt === undefined ? (analysis ? "2026-11-18T14:03:00.000Z" : null) : fields.generatedAt,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie request header. */
export const cookiesOf = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

export const setCookieNamed = (headers: Headers, name: string) => headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

/** Loads the password form as a browser would: its CSRF cookie and the token in its hidden field. */
export async function openForm(id: number, headers: Record<string, string> = {}) {
  const page = await call(`/reports/${id}`, { headers });
  const token = /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1];
  if (!token) throw new Error(`no CSRF token in the form (status ${page.status})`);
  return { page, token, cookie: cookiesOf(page.headers).join("; ") };
}

/** A form POST through the worker that does not follow the redirect, so its Location and cookies can be read. */
export async function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
      redirect: "manual",
    }),
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Submits the password form from the same origin, as the browser does after openForm. */
export async function submitPassword(id: number, password: string, extra: { headers?: Record<string, string> } = {}) {
  const form = await openForm(id, extra.headers);
  return postForm(
    `/reports/${id}/unlock`,
    { password, csrf_token: form.token },
    { Cookie: form.cookie, Origin: BASE, "Sec-Fetch-Site": "same-origin", ...extra.headers },
  );
}

export const PASSWORD = "correct horse";

/** An account made before the file's tests, and a new report of it behind PASSWORD for each test that asks. */
export function passwordProtected(): { caller: () => Caller; protectedReport: () => Promise<number> } {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("password-page");
  });
  return { caller: () => caller, protectedReport: () => insertReport(caller, { privacy: 2, password: PASSWORD }) };
}
