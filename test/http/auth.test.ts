import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { inOneMinute, projectStatuses } from "../helpers/rate-limit";

const unauthenticated = { message: "Unauthenticated.", status: 401 };

describe("API key authentication", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("auth");
  });

  it.each([
    ["no header", {}],
    ["a non-Bearer scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
    ["a malformed key", { Authorization: "Bearer not-a-key" }],
    ["an unknown key", { Authorization: `Bearer pg_${"A".repeat(43)}` }],
    ["an empty Bearer", { Authorization: "Bearer " }],
  ])("GET /api/v1/reports with %s is 401 with WWW-Authenticate", async (_name, headers) => {
    const res = await call("/api/v1/reports", { headers });
    expect(res.status, res.text).toBe(401);
    expect(res.json).toEqual(unauthenticated);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("accepts a valid key and records when it was last used", async () => {
    const res = await call("/api/v1/reports", { key: caller.key });
    expect(res.status, res.text).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const row = await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE account_id = ?").bind(caller.accountId).first();
    expect(row?.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("rejects a revoked key at once", async () => {
    const other = await createCaller("to-revoke");
    expect((await call("/api/v1/reports", { key: other.key })).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET revoked_at = 'now' WHERE account_id = ?").bind(other.accountId).run();
    const res = await call("/api/v1/reports", { key: other.key });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthenticated);
  });

  it("stores only the hash and an 8-character prefix of the key", async () => {
    const row = await env.DB.prepare("SELECT prefix, hash FROM api_keys WHERE account_id = ?").bind(caller.accountId).first<{ prefix: string; hash: string }>();
    expect(row!.prefix).toBe(caller.key.slice(0, 8));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(caller.key);
  });

  it("answers unknown routes with the JSON 404", async () => {
    const res = await call("/api/v1/nothing-here", { key: caller.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
  });
});

describe("limits", () => {
  it("answers a body over 64 KiB with 413", async () => {
    const caller = await createCaller("big");
    const res = await call("/api/v1/reports", {
      key: caller.key,
      form: { url: `https://example.com/?q=${"a".repeat(70 * 1024)}` },
    });
    expect(res.status, res.text).toBe(413);
    expect(res.json).toEqual({ message: "The request body is larger than 64 KiB.", status: 413 });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").bind(caller.accountId).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("allows 240 requests a minute per key, then 429 with Retry-After, while other keys go on", async () => {
    const other = await createCaller("calm");
    const { statuses, res } = await inOneMinute(async () => {
      const caller = await createCaller("busy");
      // The 241st request goes after all 240: the one over the limit.
      const statuses = [...(await projectStatuses(caller.key, 240)), ...(await projectStatuses(caller.key, 1))];
      return { statuses, res: await call("/api/v1/projects", { key: caller.key }) };
    });
    expect(statuses.slice(0, 240).filter((s) => s !== 200), statuses.join(",")).toEqual([]);
    expect(statuses[240]).toBe(429);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(res.json).toEqual({ message: "Too many requests: the limit is 240 a minute per API key.", status: 429 });
    expect((await call("/api/v1/projects", { key: other.key })).status).toBe(200);
  }, 120_000);
});
