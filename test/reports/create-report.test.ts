import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE, call, createCaller, type Caller } from "../helpers/api";

describe("POST /api/v1/reports", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("store");
  });
  afterEach(() => vi.restoreAllMocks());

  it("stores a queued report, answers 201 with Location, and enqueues one analysis message", async () => {
    const send = vi.spyOn(env.ANALYSIS_QUEUE, "send");
    const res = await call("/api/v1/reports", { key: caller.key, form: { url: "HTTPS://WWW.Example.COM:8443/a/b?x=1#frag" } });
    expect(res.status, res.text).toBe(201);
    const report = res.json.data;
    expect(res.json.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${BASE}/api/v1/reports/${report.id}`);
    expect(report).toMatchObject({
      url: "https://www.example.com:8443/a/b?x=1",
      final_url: null,
      project: "example.com",
      privacy: 0,
      password: false,
      status: "queued",
      score: null,
      result: null,
      issues: { high: 0, medium: 0, low: 0 },
      results: null,
      error: null,
      generated_at: null,
      page_url: `${BASE}/reports/${report.id}`,
    });
    expect(report.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual({ kind: "report", reportId: report.id, generation: 1 });
  });

  it("accepts JSON and multipart bodies too", async () => {
    const json = await call("/api/v1/reports", { key: caller.key, json: { url: "https://json.example/", privacy: 1 } });
    expect(json.status, json.text).toBe(201);
    expect(json.json.data.privacy).toBe(1);
    const form = new FormData();
    form.set("url", "https://multipart.example/");
    form.set("privacy", "2");
    form.set("password", "s3cret");
    const multi = await call("/api/v1/reports", { key: caller.key, body: form });
    expect(multi.status, multi.text).toBe(201);
    expect(multi.json.data).toMatchObject({ privacy: 2, password: true });
    expect(multi.text).not.toContain("s3cret");
  });

  it("stores the password as a salted PBKDF2 hash, never in a response", async () => {
    const a = await call("/api/v1/reports", { key: caller.key, form: { url: "https://pw.example/", privacy: 2, password: "hunter22" } });
    const b = await call("/api/v1/reports", { key: caller.key, form: { url: "https://pw.example/2", privacy: 2, password: "hunter22" } });
    expect(a.text).not.toContain("hunter22");
    const rows = await env.DB.prepare("SELECT password_hash FROM reports WHERE id IN (?, ?)").bind(a.json.data.id, b.json.data.id).all<{ password_hash: string }>();
    const [h1, h2] = rows.results.map((r) => r.password_hash);
    expect(h1).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(h1).not.toBe(h2);
  });

  it.each([
    [{}, "url", "The url field is required."],
    [{ url: "" }, "url", "The url field is required."],
    [{ url: "not a url" }, "url", undefined],
    [{ url: "ftp://example.com/" }, "url", undefined],
    [{ url: "https://user:pw@example.com/" }, "url", undefined],
    [{ url: "https://example.com/", privacy: "3" }, "privacy", "The privacy field must be one of 0, 1, 2."],
    [{ url: "https://example.com/", privacy: "one" }, "privacy", "The privacy field must be one of 0, 1, 2."],
    [{ url: "https://example.com/", privacy: "2" }, "password", "The password field is required when privacy is 2."],
    [{ url: "https://example.com/", privacy: "2", password: "x".repeat(129) }, "password", "The password field must be 1 to 128 characters."],
  ])("rejects %j with 422 naming %s, and stores nothing", async (form, field, message) => {
    const send = vi.spyOn(env.ANALYSIS_QUEUE, "send");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM reports").first<{ n: number }>();
    const res = await call("/api/v1/reports", { key: caller.key, form: form as Record<string, string> });
    expect(res.status, res.text).toBe(422);
    expect(res.json.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual([field]);
    if (message) expect(res.json.errors[field]).toEqual([message]);
    expect(res.json.message).toBe(res.json.errors[field][0]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM reports").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    expect(send).not.toHaveBeenCalled();
  });

  it("answers 503 with Retry-After when the queue refuses, and fails the stored report (enqueue_failed) instead of leaving it queued", async () => {
    vi.spyOn(env.ANALYSIS_QUEUE, "send").mockRejectedValueOnce(new Error("queue down"));
    const url = "https://example.com/refused-by-the-queue";
    const res = await call("/api/v1/reports", { key: caller.key, form: { url } });
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(res.json.message).toBe("The analysis queue is unavailable. Please try again shortly.");
    const row = await env.DB.prepare("SELECT status, generation, error_code, error_message FROM reports WHERE account_id = ? AND url = ?")
      .bind(caller.accountId, url)
      .first();
    expect(row).toEqual({
      status: "failed",
      generation: 1,
      error_code: "enqueue_failed",
      error_message: "The analysis could not be queued. Regenerate the report to try again.",
    });
  });

  it("names every invalid field, and counts the rest in the message", async () => {
    const res = await call("/api/v1/reports", { key: caller.key, form: { privacy: "9" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(["privacy", "url"]);
    expect(res.json.message).toMatch(/\(and 1 more error\)$/);
  });

  it("answers malformed JSON with 400 and an unsupported content type with 415", async () => {
    const bad = await call("/api/v1/reports", { key: caller.key, body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: "Malformed JSON in request body", status: 400 });
    const text = await call("/api/v1/reports", { key: caller.key, body: "url=x", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);
    expect(text.json.status).toBe(415);
  });
});

describe("POST /api/v1/reports with bodies that are not objects", () => {
  it("answers a JSON array with 422 and a readable sentence", async () => {
    const caller = await createCaller("shapes");
    const res = await call("/api/v1/reports", { key: caller.key, json: ["https://example.com/"] });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: "The request body must be an object of fields.",
      errors: { body: ["The request body must be an object of fields."] },
      status: 422,
    });
  });

  it("answers a multipart body without a boundary with 400 in plain words", async () => {
    const caller = await createCaller("multipart");
    const res = await call("/api/v1/reports", { key: caller.key, body: "url=x", headers: { "Content-Type": "multipart/form-data" } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "The request body is not valid form data.", status: 400 });
  });
});
