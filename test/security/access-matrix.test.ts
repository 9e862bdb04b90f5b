import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey } from "../../src/accounts/api-keys";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { cookiesOf, insertReport, openForm, postForm, setCookieNamed, submitPassword } from "../helpers/report-page";

const UNAUTHENTICATED = { message: "Unauthenticated.", status: 401 };
const NOT_FOUND = { message: "Resource not found.", status: 404 };

/** A second key for an account that already has one; revoked at once when asked. */
async function addKey(accountId: number, { revoked = false } = {}) {
  const { key, prefix } = generateApiKey();
  await env.DB.prepare("INSERT INTO api_keys (account_id, name, prefix, hash, revoked_at) VALUES (?, ?, ?, ?, ?)")
    .bind(accountId, "matrix", prefix, await hashApiKey(key), revoked ? new Date().toISOString() : null)
    .run();
  return key;
}

const reportRow = (id: number) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

/** Authorization headers that must never get in: none, malformed in every way, unknown but well-formed. */
const badHeaders = (key: string): [string, Record<string, string>][] => [
  ["no Authorization header", {}],
  ["an empty Bearer", { Authorization: "Bearer " }],
  ["the key without the Bearer scheme", { Authorization: key }],
  ["a Basic scheme", { Authorization: `Basic ${btoa(`${key}:`)}` }],
  ["a key one character short", { Authorization: `Bearer ${key.slice(0, -1)}` }],
  ["a key one character long", { Authorization: `Bearer ${key}A` }],
  ["a key with a trailing word", { Authorization: `Bearer ${key} extra` }],
  ["the wrong prefix", { Authorization: `Bearer pk_${key.slice(3)}` }],
  ["an unknown well-formed key", { Authorization: `Bearer pg_${"A".repeat(43)}` }],
  ["the key's hash instead of the key", { Authorization: "Bearer HASH" }],
];

interface Fixture {
  owner: Caller;
  revokedKey: string;
  stranger: Caller;
  reportId: number;
  project: string;
}

interface Endpoint {
  method: string;
  path: (f: Fixture) => string;
  form?: Record<string, string | number>;
  /** What the owner gets; another account gets 404, except on lists and create, which are per account. */
  ownerStatus: number;
  perAccount?: "list" | "create";
}

const endpoints: Endpoint[] = [
  { method: "GET", path: () => "/api/v1/reports", ownerStatus: 200, perAccount: "list" },
  { method: "POST", path: () => "/api/v1/reports", form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html?matrix` }, ownerStatus: 201, perAccount: "create" },
  { method: "GET", path: (f) => `/api/v1/reports/${f.reportId}`, ownerStatus: 200 },
  { method: "PUT", path: (f) => `/api/v1/reports/${f.reportId}`, form: { privacy: 1 }, ownerStatus: 200 },
  { method: "PATCH", path: (f) => `/api/v1/reports/${f.reportId}`, form: { privacy: 1 }, ownerStatus: 200 },
  { method: "DELETE", path: (f) => `/api/v1/reports/${f.reportId}`, ownerStatus: 200 },
  { method: "GET", path: () => "/api/v1/projects", ownerStatus: 200, perAccount: "list" },
  { method: "DELETE", path: (f) => `/api/v1/projects/${f.project}`, ownerStatus: 200 },
];

let sequence = 0;
async function fixture(): Promise<Fixture> {
  const owner = await createCaller("matrix-owner");
  const project = `matrix-${++sequence}-${crypto.randomUUID().slice(0, 8)}.example`;
  return {
    owner,
    revokedKey: await addKey(owner.accountId, { revoked: true }),
    stranger: await createCaller("matrix-stranger"),
    reportId: await seedReport(owner, `https://${project}/page`, { score: 64 }),
    project,
  };
}

const send = (endpoint: Endpoint, f: Fixture, headers: Record<string, string>) =>
  call(endpoint.path(f), { method: endpoint.method, headers, form: endpoint.form });

const countReports = async (accountId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").bind(accountId).first<{ n: number }>())!.n;

const labelOf = (e: Endpoint) => `${e.method} ${e.path({ reportId: "{id}", project: "{project}" } as unknown as Fixture)}`;

describe.each(endpoints.map((e) => [labelOf(e), e] as const))("%s access", (label, endpoint) => {

  it(`${label}: no key, a malformed, unknown or revoked key is the JSON 401 and changes nothing`, async () => {
    const f = await fixture();
    const before = await reportRow(f.reportId);
    const cases = [...badHeaders(f.owner.key), ["the account's revoked key", { Authorization: `Bearer ${f.revokedKey}` }] as const];
    for (const [name, raw] of cases) {
      const headers = { ...raw };
      if (headers.Authorization === "Bearer HASH") headers.Authorization = `Bearer ${await hashApiKey(f.owner.key)}`;
      const res = await send(endpoint, f, headers);
      expect(res.status, `${label} with ${name}: ${res.text}`).toBe(401);
      expect(res.json, name).toEqual(UNAUTHENTICATED);
      expect(res.headers.get("www-authenticate"), name).toBe("Bearer");
    }
    expect(await reportRow(f.reportId)).toEqual(before);
    expect(await countReports(f.owner.accountId)).toBe(1);
  });

  it(`${label}: another account's key ${endpoint.perAccount ? "sees only its own account" : "is 404, exactly as a missing resource"}`, async () => {
    const f = await fixture();
    const before = await reportRow(f.reportId);
    const res = await send(endpoint, f, { Authorization: `Bearer ${f.stranger.key}` });
    if (endpoint.perAccount === "list") {
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toEqual([]);
      expect(res.text).not.toContain(f.project);
    } else if (endpoint.perAccount === "create") {
      expect(res.status, res.text).toBe(201);
      expect(await countReports(f.stranger.accountId)).toBe(1);
      expect(await countReports(f.owner.accountId)).toBe(1);
    } else {
      expect(res.status, res.text).toBe(404);
      expect(res.json).toEqual(NOT_FOUND);
      const missing = await send({ ...endpoint, path: (x) => endpoint.path({ ...x, reportId: 999_999_999, project: "missing.example" }) }, f, {
        Authorization: `Bearer ${f.stranger.key}`,
      });
      expect(missing.text).toBe(res.text);
    }
    expect(await reportRow(f.reportId)).toEqual(before);
  });

  it(`${label}: the owner's key works (so the refusals above are about the key, not the route)`, async () => {
    const f = await fixture();
    const res = await send(endpoint, f, { Authorization: `Bearer ${f.owner.key}` });
    expect(res.status, res.text).toBe(endpoint.ownerStatus);
    if (endpoint.perAccount === "list") expect(res.text).toContain(f.project);
  });
});

describe("API keys are stored and looked up by SHA-256 only", () => {
  const sha256Hex = async (text: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) => b.toString(16).padStart(2, "0")).join("");

  it("the row holds the SHA-256 of the key and its 8-character prefix, and no column holds the key", async () => {
    const caller = await createCaller("hash-only");
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE account_id = ?").bind(caller.accountId).first<Record<string, unknown>>();
    expect(row!.hash).toBe(await sha256Hex(caller.key));
    expect(row!.prefix).toBe(caller.key.slice(0, 8));
    for (const [column, value] of Object.entries(row!)) {
      expect(String(value).includes(caller.key.slice(8)), column).toBe(false);
    }
  });

  it("authenticates whichever key hashes to the stored hash: the lookup never sees a plaintext", async () => {
    const caller = await createCaller("hash-swap");
    const replacement = generateApiKey().key;
    await env.DB.prepare("UPDATE api_keys SET hash = ? WHERE account_id = ?").bind(await sha256Hex(replacement), caller.accountId).run();
    expect((await call("/api/v1/reports", { key: caller.key })).status).toBe(401);
    expect((await call("/api/v1/reports", { key: replacement })).status).toBe(200);
  });
});

describe("the report password is never readable", () => {
  const password = `Hunter2-${crypto.randomUUID()}`;
  let caller: Caller;
  let id: number;
  let secrets: string[];

  /** The password, the stored hash and its salt and digest parts: none may appear in anything we answer. */
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of secrets) expect(text.includes(secret), `${where} contains ${secret}`).toBe(false);
  };

  beforeAll(async () => {
    caller = await createCaller("password-secrecy");
    const res = await call("/api/v1/reports", {
      key: caller.key,
      json: { url: `${env.PAGE_SERVER}/fixtures/known-page.html?secret`, privacy: 2, password },
    });
    expect(res.status, res.text).toBe(201);
    id = res.json.data.id;
    const hash = (await reportRow(id))!.password_hash as string;
    secrets = [password, hash, ...hash.split("$").slice(2)];
    expect(res.json.data.password).toBe(true);
    expectNoSecret(res.text, "POST /api/v1/reports");
  });

  it("is stored only as a salted PBKDF2 hash", async () => {
    const hash = (await reportRow(id))!.password_hash as string;
    expect(hash).toMatch(/^pbkdf2-sha256\$\d+\$/);
    expect(hash).not.toContain(password);
  });

  it("is in no API response: show, lists, search, projects, updates", async () => {
    const project = (await call(`/api/v1/reports/${id}`, { key: caller.key })).json.data.project;
    const reads = [
      `/api/v1/reports/${id}`,
      "/api/v1/reports",
      `/api/v1/reports?search=secret&per_page=100`,
      `/api/v1/reports?project=${encodeURIComponent(project)}`,
      "/api/v1/projects",
      `/api/v1/projects?search=${encodeURIComponent(project)}`,
    ];
    for (const path of reads) {
      const res = await call(path, { key: caller.key });
      expect(res.status, res.text).toBe(200);
      expectNoSecret(res.text, path);
    }
    for (const [method, form] of [
      ["PATCH", { privacy: 2 }],
      ["PUT", { update: 1 }],
      ["PATCH", { privacy: 2, password }],
    ] as const) {
      const res = await call(`/api/v1/reports/${id}`, { method, key: caller.key, form });
      expect(res.status, res.text).toBeLessThan(300);
      expect(res.json.data.password).toBe(true);
      secrets.push(...((await reportRow(id))!.password_hash as string).split("$").slice(2));
      expectNoSecret(res.text, `${method} ${JSON.stringify(form)}`);
    }
  });

  it("is forgotten when the report leaves privacy 2", async () => {
    const own = await createCaller("password-cleared");
    const created = await call("/api/v1/reports", { key: own.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html?cleared`, privacy: 2, password: "temporary" } });
    const res = await call(`/api/v1/reports/${created.json.data.id}`, { method: "PATCH", key: own.key, form: { privacy: 0 } });
    expect(res.json.data.password).toBe(false);
    expect((await reportRow(created.json.data.id))!.password_hash).toBeNull();
  });
});

describe("report pages ignore API keys: privacy alone decides", () => {
  const PASSWORD = `page-pw-${crypto.randomUUID()}`;
  let owner: Caller;
  let stranger: Caller;
  let revokedKey: string;
  let ids: { public: number; private: number; password: number };
  let missingPage: string;
  const marker = `page-marker-${crypto.randomUUID().slice(0, 8)}`;
  let hashParts: string[];

  beforeAll(async () => {
    owner = await createCaller("page-owner");
    stranger = await createCaller("page-stranger");
    revokedKey = await addKey(owner.accountId, { revoked: true });
    const url = (kind: string) => `https://${marker}.example/${kind}`;
    ids = {
      public: await insertReport(owner, { url: url("public"), privacy: 0 }),
      private: await insertReport(owner, { url: url("private"), privacy: 1 }),
      password: await insertReport(owner, { url: url("password"), privacy: 2, password: PASSWORD }),
    };
    missingPage = (await call("/reports/999999999")).text;
    hashParts = ((await reportRow(ids.password))!.password_hash as string).split("$").slice(1);
  });

  const keyHeaders = (): [string, Record<string, string>][] => [
    ["no key", {}],
    ["a malformed key", { Authorization: "Bearer pg_nope" }],
    ["a revoked key", { Authorization: `Bearer ${revokedKey}` }],
    ["another account's key", { Authorization: `Bearer ${stranger.key}` }],
    ["the owner's key", { Authorization: `Bearer ${owner.key}` }],
  ];

  it("a public report page is open to anyone, with any Authorization header", async () => {
    for (const [name, headers] of keyHeaders()) {
      const res = await call(`/reports/${ids.public}`, { headers });
      expect(res.status, name).toBe(200);
      expect(res.text, name).toContain(`${marker}.example/public`);
    }
  });

  it("a private report page is the missing-report 404, byte for byte, even with the owner's key", async () => {
    for (const [name, headers] of keyHeaders()) {
      const res = await call(`/reports/${ids.private}`, { headers });
      expect(res.status, name).toBe(404);
      expect(res.text, name).toBe(missingPage);
      expect(res.text).not.toContain(marker);
    }
  });

  it("a password page shows only the form, whatever the key, and never the password or its hash", async () => {
    for (const [name, headers] of keyHeaders()) {
      const res = await call(`/reports/${ids.password}`, { headers });
      expect(res.status, name).toBe(200);
      expect(res.text, name).toContain('name="password"');
      expect(res.text, name).not.toContain(`${marker}.example/password`);
      for (const secret of [PASSWORD, ...hashParts]) expect(res.text.includes(secret), `${name}: ${secret}`).toBe(false);
    }
  });

  it("an unlock with a wrong password is 401 without an unlock cookie, whatever the key, and echoes nothing", async () => {
    for (const [name, headers] of keyHeaders()) {
      const res = await submitPassword(ids.password, `${PASSWORD}-wrong`, { headers });
      expect(res.status, name).toBe(401);
      expect(setCookieNamed(res.headers, `pg_unlock_${ids.password}`), name).toBeUndefined();
      expect(res.text).not.toContain(`${PASSWORD}-wrong`);
      expect(res.text).not.toContain(`${marker}.example/password`);
    }
  });

  it("an unlock without the form's CSRF token is refused even with the right password and the owner's key", async () => {
    const res = await postForm(`/reports/${ids.password}/unlock`, { password: PASSWORD }, { Authorization: `Bearer ${owner.key}` });
    expect(res.status).toBe(403);
    expect(setCookieNamed(res.headers, `pg_unlock_${ids.password}`)).toBeUndefined();
  });

  it("the right password unlocks, and the unlocked page still carries neither the password nor its hash", async () => {
    const res = await submitPassword(ids.password, PASSWORD);
    expect(res.status, res.text).toBe(303);
    const page = await call(`/reports/${ids.password}`, { headers: { Cookie: cookiesOf(res.headers).join("; ") } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${marker}.example/password`);
    for (const secret of [PASSWORD, ...hashParts]) expect(page.text.includes(secret), secret).toBe(false);
  });

  it("unlocking a private or missing report is the same 404 as its page", async () => {
    for (const id of [ids.private, 999_999_999]) {
      const res = await postForm(`/reports/${id}/unlock`, { password: "x" });
      expect(res.status).toBe(404);
      expect(res.text).toBe(missingPage);
    }
  });

  it("a form opened with one report's CSRF cookie cannot unlock another report", async () => {
    const other = await insertReport(owner, { privacy: 2, password: PASSWORD });
    const form = await openForm(ids.password);
    const res = await postForm(
      `/reports/${other}/unlock`,
      { password: PASSWORD, csrf_token: form.token },
      { Cookie: form.cookie, Origin: "https://pagegrade.test", "Sec-Fetch-Site": "same-origin" },
    );
    expect(res.status).toBe(403);
    expect(setCookieNamed(res.headers, `pg_unlock_${other}`)).toBeUndefined();
  });
});
