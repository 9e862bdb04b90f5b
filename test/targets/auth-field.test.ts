import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../src/config";
import { createDb } from "../../src/db/client";
import { runDueCrawls } from "../../src/crawls/run-due-crawls";
import { call, createCaller, postWith, seedReport, type Caller } from "../helpers/api";
import { recordingQueue } from "../helpers/webhooks";

const row = (id: number) => env.DB.prepare("SELECT auth_secret, auth_summary FROM reports WHERE id = ?").bind(id).first<{ auth_secret: string | null; auth_summary: string | null }>();
const BASIC = { type: "basic", names: ["Authorization"] };

/** A form body as a browser sends it: repeated and nested names kept as they are. */
const formBody = (fields: [string, string][]) => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("auth on reports and crawls", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("auth-alice");
    bob = await createCaller("auth-bob");
  });

  it("POST /api/v1/reports stores Basic credentials sealed and shows only their type and names", async () => {
    const password = "pässwört-zeta-91";
    const res = await call("/api/v1/reports", { key: alice.key, json: { url: "https://staging.auth.example/", auth: { basic: { username: "jürgen", password } } } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.auth).toEqual(BASIC);
    expect(res.text).not.toContain(password);
    expect(res.text).not.toContain("jürgen");
    const stored = await row(res.json.data.id);
    // base64(iv).base64(ciphertext): nothing of the credentials in clear.
    expect(stored!.auth_secret).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(stored!.auth_secret).not.toContain(password);
    expect(atob(stored!.auth_secret!.split(".")[1]!)).not.toContain("staging.auth.example");
    expect(JSON.parse(stored!.auth_summary!)).toEqual(BASIC);
  });

  it("takes headers from the safe list as given, in JSON and in a form (nested fields, or the field as JSON)", async () => {
    const json = await call("/api/v1/reports", {
      key: alice.key,
      json: { url: "https://members.auth.example/", auth: { headers: { Cookie: "session=abc", "X-Staging-Token": "t0k" } } },
    });
    expect(json.status, json.text).toBe(201);
    expect(json.json.data.auth).toEqual({ type: "headers", names: ["Cookie", "X-Staging-Token"] });

    const nested = await call("/api/v1/reports", {
      key: alice.key,
      ...formBody([
        ["url", "https://form.auth.example/"],
        ["auth[basic][username]", "pagegrade"],
        ["auth[basic][password]", "sesame-form"],
      ]),
    });
    expect(nested.status, nested.text).toBe(201);
    expect(nested.json.data.auth).toEqual(BASIC);

    const headersForm = await call("/api/v1/reports", {
      key: alice.key,
      ...formBody([
        ["url", "https://form.auth.example/members"],
        ["auth[headers][Cookie]", "session=sesame-form"],
      ]),
    });
    expect(headersForm.status, headersForm.text).toBe(201);
    expect(headersForm.json.data.auth).toEqual({ type: "headers", names: ["Cookie"] });

    const asJson = await call("/api/v1/reports", {
      key: alice.key,
      form: { url: "https://form.auth.example/json", auth: JSON.stringify({ headers: { Authorization: "Bearer abc" } }) },
    });
    expect(asJson.status, asJson.text).toBe(201);
    expect(asJson.json.data.auth).toEqual({ type: "headers", names: ["Authorization"] });
  });

  it("answers 422 naming the field, never echoing a value", async () => {
    const cases: [unknown, string, string][] = [
      [{ basic: { username: "a" } }, "auth", 'The auth field must be {"basic": {"username": "...", "password": "..."}} or {"headers": {"<name>": "<value>"}}, or null.'],
      [{ basic: { username: "a", password: "b" }, headers: { Cookie: "c" } }, "auth", 'The auth field must be {"basic": {"username": "...", "password": "..."}} or {"headers": {"<name>": "<value>"}}, or null.'],
      [42, "auth", 'The auth field must be {"basic": {"username": "...", "password": "..."}} or {"headers": {"<name>": "<value>"}}, or null.'],
      ["{not json", "auth", "The auth field must be JSON when sent as one form field."],
      [{ basic: { username: "a:b", password: "secret-1" } }, "auth.basic.username", "The auth.basic.username field must not contain a colon."],
      [{ headers: {} }, "auth.headers", "The auth.headers field must hold 1 to 5 headers."],
      [{ headers: Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`X-H${i}`, "v"])) }, "auth.headers", "The auth.headers field must hold 1 to 5 headers."],
      [{ headers: { Host: "evil.example" } }, "auth.headers.Host", "The auth.headers field may not hold Host: a header name must be Authorization, Cookie or a header starting with X-."],
      [{ headers: { Cookie: "a=1", cookie: "b=2" } }, "auth.headers.cookie", "The auth.headers field names cookie twice."],
      [{ headers: { Cookie: "a=secret-2\r\nHost: evil.example" } }, "auth.headers.Cookie", "The auth.headers.Cookie value must be printable ASCII, without line breaks."],
      [{ headers: { "X-Token": "x".repeat(4097) } }, "auth.headers.X-Token", "The auth.headers.X-Token value must be at most 4096 characters."],
    ];
    for (const [auth, field, message] of cases) {
      const res = await call("/api/v1/reports", { key: alice.key, json: { url: "https://bad.auth.example/", auth } });
      expect(res.status, `${JSON.stringify(auth).slice(0, 80)}: ${res.text}`).toBe(422);
      expect(res.json).toEqual({ message, errors: { [field]: [message] }, status: 422 });
      expect(res.text).not.toContain("secret-");
    }
    const crawl = await call("/api/v1/crawls", { key: alice.key, json: { url: "https://bad.auth.example/", auth: { headers: { "User-Agent": "x" } } } });
    expect(crawl.status).toBe(422);
    expect(crawl.json.errors).toEqual({ "auth.headers.User-Agent": [expect.stringContaining("may not hold User-Agent")] });
  });

  it("answers 503 as webhooks do when no encryption key is configured, and stores nothing", async () => {
    const url = `https://nokey-${crypto.randomUUID()}.auth.example/`;
    for (const path of ["/api/v1/reports", "/api/v1/crawls"]) {
      const res = await postWith({ WEBHOOK_ENCRYPTION_KEY: undefined }, path, alice.key, { url, auth: { basic: { username: "a", password: "b" } } });
      expect(res.status, res.text).toBe(503);
      expect(res.json).toEqual({
        message: "Audits behind a login (auth) are not available: the server has no WEBHOOK_ENCRYPTION_KEY configured.",
        status: 503,
      });
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE url = ?").bind(url).first<{ n: number }>();
    expect(count!.n).toBe(0);
    // Without auth nothing needs the key.
    const plain = await postWith({ WEBHOOK_ENCRYPTION_KEY: undefined }, "/api/v1/reports", alice.key, { url });
    expect(plain.status, plain.text).toBe(201);
  });

  it("PATCH rotates, keeps (left out) and removes (null, or an empty form field) the auth", async () => {
    const created = await call("/api/v1/reports", { key: alice.key, json: { url: "https://rotate.auth.example/", auth: { basic: { username: "a", password: "old-1" } } } });
    const id = created.json.data.id;
    const first = (await row(id))!.auth_secret;

    const rotated = await call(`/api/v1/reports/${id}`, { key: alice.key, method: "PATCH", json: { auth: { headers: { Cookie: "session=new-2" } } } });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.data.auth).toEqual({ type: "headers", names: ["Cookie"] });
    const second = (await row(id))!.auth_secret;
    expect(second).not.toBe(first);

    const kept = await call(`/api/v1/reports/${id}`, { key: alice.key, method: "PUT", form: { privacy: 1 } });
    expect(kept.json.data.auth).toEqual({ type: "headers", names: ["Cookie"] });
    expect((await row(id))!.auth_secret).toBe(second);

    const removed = await call(`/api/v1/reports/${id}`, { key: alice.key, method: "PATCH", json: { auth: null } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.data.auth).toBeNull();
    expect(await row(id)).toEqual({ auth_secret: null, auth_summary: null });

    await call(`/api/v1/reports/${id}`, { key: alice.key, method: "PATCH", json: { auth: { basic: { username: "a", password: "b" } } } });
    const emptied = await call(`/api/v1/reports/${id}`, { key: alice.key, method: "PATCH", form: { auth: "" } });
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.json.data.auth).toBeNull();
  });

  it("answers 404 to another account's report, whatever auth it sends, and changes nothing", async () => {
    const id = await seedReport(alice, "https://theirs.auth.example/");
    for (const method of ["PATCH", "PUT"]) {
      const res = await call(`/api/v1/reports/${id}`, { key: bob.key, method, json: { auth: { basic: { username: "bob", password: "b" } } } });
      expect(res.status).toBe(404);
    }
    expect(await row(id)).toEqual({ auth_secret: null, auth_summary: null });
  });

  it("lists auth among the fields of reports and crawls", async () => {
    await call("/api/v1/reports", { key: alice.key, json: { url: "https://fields.auth.example/", auth: { headers: { "X-Key": "k" } } } });
    const list = await call("/api/v1/reports?fields=auth&search=fields.auth.example", { key: alice.key });
    expect(list.status, list.text).toBe(200);
    expect(list.json.data).toEqual([{ id: expect.any(Number), auth: { type: "headers", names: ["X-Key"] } }]);

    const crawl = await call("/api/v1/crawls", { key: alice.key, json: { url: "https://crawl.auth.example/", auth: { basic: { username: "a", password: "crawl-secret-3" } } } });
    expect(crawl.status, crawl.text).toBe(201);
    expect(crawl.json.data.auth).toEqual(BASIC);
    expect(crawl.text).not.toContain("crawl-secret-3");
    const shown = await call(`/api/v1/crawls/${crawl.json.data.id}?fields=auth`, { key: alice.key });
    expect(shown.json.data).toEqual({ id: crawl.json.data.id, auth: BASIC });
    const stored = await env.DB.prepare("SELECT auth_secret FROM crawls WHERE id = ?").bind(crawl.json.data.id).first<{ auth_secret: string }>();
    expect(stored!.auth_secret).not.toContain("crawl-secret-3");
  });

  it("a scheduled crawl's next run keeps its auth", async () => {
    const caller = await createCaller("auth-crawl-schedule");
    const res = await call("/api/v1/crawls", {
      key: caller.key,
      json: { url: "https://weekly.auth.example/", schedule: "weekly", auth: { headers: { Cookie: "session=weekly-4" } } },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.json.data.id;
    await env.DB.prepare("UPDATE crawls SET status = 'completed', next_run_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), id).run();
    const { queue } = recordingQueue();
    expect(await runDueCrawls(createDb(env.DB), config(env).crawl, { crawl: queue })).toBe(1);
    const rows = await env.DB.prepare("SELECT id, previous_id, auth_secret, auth_summary FROM crawls WHERE account_id = ? ORDER BY id").bind(caller.accountId).all<Record<string, unknown>>();
    const [previous, next] = rows.results;
    expect(next).toMatchObject({ previous_id: id, auth_secret: previous!.auth_secret, auth_summary: previous!.auth_summary });
    expect(next!.auth_secret).toEqual(expect.any(String));
    const shown = await call(`/api/v1/crawls/${next!.id}?fields=auth`, { key: caller.key });
    expect(shown.json.data.auth).toEqual({ type: "headers", names: ["Cookie"] });
  });
});
