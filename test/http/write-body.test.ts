import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { site } from "../helpers/crawl";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

/*
 * Every write operation of the document that takes a body refuses a field it does not have (issue 28): 422 naming
 * it, in form, multipart and JSON alike, and nothing is written. The same body without the unknown fields is then
 * accepted, so the 422 is the unknown fields' doing.
 */

type Fields = Record<string, string | number>;
type Encoding = "form" | "multipart" | "json";

function send(method: string, path: string, key: string, encoding: Encoding, fields: Fields) {
  if (encoding === "form") return call(path, { method, key, form: fields });
  if (encoding === "json") return call(path, { method, key, json: fields });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  return call(path, { method, key, body });
}

/** Every row of the caller's in `table`: what a refused write must leave exactly as it was. */
const rowsOf = async (table: string, caller: Caller) =>
  (await env.DB.prepare(`SELECT * FROM ${table} WHERE account_id = ? ORDER BY rowid`).bind(caller.accountId).all()).results;

interface WriteOperation {
  operation: string;
  method: string;
  table: string;
  /** Makes what the operation writes to, if anything, and gives its path. */
  prepare(caller: Caller): Promise<string>;
  /** Fields the operation takes, which would change something if they were applied. */
  fields(): Fields;
  accepted: number;
}

const reportUpdate = (method: string): WriteOperation => ({
  operation: `${method} /api/v1/reports/{id}`,
  method,
  table: "reports",
  prepare: async (caller) => `/api/v1/reports/${await seedReport(caller, "https://example.com/update", { score: 90 })}`,
  fields: () => ({ privacy: 1, schedule: "weekly" }),
  accepted: 200,
});

const writeOperations: WriteOperation[] = [
  {
    operation: "POST /api/v1/reports",
    method: "POST",
    table: "reports",
    prepare: async () => "/api/v1/reports",
    fields: () => ({ url: `${env.PAGE_SERVER}/fixtures/known-page.html`, privacy: 1 }),
    accepted: 201,
  },
  reportUpdate("PUT"),
  reportUpdate("PATCH"),
  {
    operation: "POST /api/v1/crawls",
    method: "POST",
    table: "crawls",
    prepare: async () => "/api/v1/crawls",
    fields: () => ({ url: site("/"), limit: 1 }),
    accepted: 201,
  },
  {
    operation: "POST /api/v1/webhooks",
    method: "POST",
    table: "webhooks",
    prepare: async () => "/api/v1/webhooks",
    fields: () => ({ url: hookUrl("ok").url, events: "report.completed", description: "before" }),
    accepted: 201,
  },
  {
    operation: "PATCH /api/v1/webhooks/{id}",
    method: "PATCH",
    table: "webhooks",
    prepare: async (caller) => `/api/v1/webhooks/${(await createEndpoint(caller, hookUrl("ok").url)).id}`,
    fields: () => ({ description: "after", enabled: "false" }),
    accepted: 200,
  },
  {
    operation: "PATCH /api/v1/projects/{project}",
    method: "PATCH",
    table: "project_watches",
    prepare: async (caller) => {
      await seedReport(caller, "https://watched.example/");
      return "/api/v1/projects/watched.example";
    },
    fields: () => ({ watch_robots: 1 }),
    accepted: 200,
  },
];

const cases = writeOperations.flatMap((op) => (["form", "multipart", "json"] as const).map((encoding) => [op.operation, encoding, op] as const));

describe("unknown body fields on every write operation", () => {
  it("covers every operation of the document that takes a body", async () => {
    const doc = (await call("/api/v1/openapi.json")).json;
    const withBody = Object.entries<Record<string, { requestBody?: { content: Record<string, { schema: any }> } }>>(doc.paths).flatMap(
      ([path, ops]) => Object.entries(ops).filter(([, op]) => op.requestBody).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(withBody.map(({ name }) => name).sort()).toEqual(writeOperations.map((op) => op.operation).sort());
    // The document says so: each encoding's schema takes its properties and nothing else.
    for (const { name, op } of withBody) {
      for (const [type, content] of Object.entries(op.requestBody!.content)) {
        expect(content.schema.additionalProperties, `${name} ${type}`).toBe(false);
      }
    }
  });

  it.each(cases)("%s (%s): 422 naming the unknown fields, and nothing is written", async (_, encoding, op) => {
    const caller = await createCaller("unknown-fields");
    const path = await op.prepare(caller);
    const before = await rowsOf(op.table, caller);

    const res = await send(op.method, path, caller.key, encoding, { ...op.fields(), sitemap_url: "https://example.com/s.xml", max_pages: 5 });
    expect(res.status, res.text).toBe(422);
    expect(res.json.message).toMatch(/^The sitemap_url and max_pages fields are unknown: this request takes /);
    expect(res.json.errors).toEqual({ sitemap_url: ["The sitemap_url field is unknown."], max_pages: ["The max_pages field is unknown."] });
    expect(res.json.status).toBe(422);
    expect(await rowsOf(op.table, caller)).toEqual(before);

    const accepted = await send(op.method, path, caller.key, encoding, op.fields());
    expect(accepted.status, accepted.text).toBe(op.accepted);
    expect(await rowsOf(op.table, caller)).not.toEqual(before);
  });
});

describe("what an unknown field's answer says, and what is not an unknown field", () => {
  it("names the fields the request takes, and one unknown field in the singular", async () => {
    const caller = await createCaller("unknown-fields");
    const res = await call("/api/v1/crawls", { key: caller.key, form: { url: site("/"), max_pages: 5 } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: "The max_pages field is unknown: this request takes url, source, limit, privacy, password, schedule, auth, render and rate.",
      errors: { max_pages: ["The max_pages field is unknown."] },
      status: 422,
    });
  });

  it("counts an invalid known field beside the unknown ones", async () => {
    const caller = await createCaller("unknown-fields");
    const res = await call("/api/v1/reports", { key: caller.key, json: { privacy: 7, max_pages: 5 } });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("The url field is required. (and 2 more errors)");
    expect(Object.keys(res.json.errors).sort()).toEqual(["max_pages", "privacy", "url"]);
    expect(await rowsOf("reports", caller)).toEqual([]);
  });

  it("names many unknown fields by the first five, and lists each in errors", async () => {
    const caller = await createCaller("unknown-fields");
    const extra = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`extra${i}`, i]));
    const res = await call("/api/v1/reports", { key: caller.key, form: { url: "https://example.com/", ...extra } });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^The extra0, extra1, extra2, extra3, extra4 and 3 more fields are unknown: /);
    expect(Object.keys(res.json.errors)).toEqual(Object.keys(extra));
  });

  it("answers names that are Object.prototype's own (constructor, __proto__) like any other, in JSON and forms", async () => {
    const caller = await createCaller("unknown-fields");
    const json = await call("/api/v1/reports", {
      key: caller.key,
      body: '{"url": "https://example.com/", "constructor": 1, "__proto__": {"privacy": 1}, "toString": "x"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status, json.text).toBe(422);
    expect(Object.keys(json.json.errors)).toEqual(["constructor", "__proto__", "toString"]);
    const form = await call("/api/v1/reports", { key: caller.key, form: { url: "https://example.com/", constructor: "1", hasOwnProperty: "x" } });
    expect(form.status, form.text).toBe(422);
    expect(Object.keys(form.json.errors)).toEqual(["constructor", "hasOwnProperty"]);
    expect(await rowsOf("reports", caller)).toEqual([]);
  });

  it("refuses an unknown nested form field under its folded name, and a stray key inside auth", async () => {
    const caller = await createCaller("unknown-fields");
    const nested = await call("/api/v1/reports", { key: caller.key, form: { url: "https://example.com/", "options[depth]": 2 } });
    expect(nested.status).toBe(422);
    expect(nested.json.errors).toEqual({ options: ["The options field is unknown."] });
    const inAuth = await call("/api/v1/reports", {
      key: caller.key,
      form: { url: "https://example.com/", "auth[basic][username]": "a", "auth[basic][password]": "b", "auth[basic][realm]": "c" },
    });
    expect(inAuth.status).toBe(422);
    expect(inAuth.json).toMatchObject({
      message: "The auth.basic.realm field is unknown.",
      errors: { "auth.basic.realm": ["The auth.basic.realm field is unknown."] },
    });
    expect(await rowsOf("reports", caller)).toEqual([]);
  });

  it("accepts what clients legitimately send: nested auth fields, update=1, and query parameters beside the body", async () => {
    const caller = await createCaller("unknown-fields");
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const nested = await call("/api/v1/reports?utm_source=ci", {
      key: caller.key,
      form: { url: page, "auth[basic][username]": "preview", "auth[basic][password]": "s3cret" },
    });
    expect(nested.status, nested.text).toBe(201);
    expect(nested.json.data.auth).toEqual({ type: "basic", names: ["Authorization"] });
    const regenerate = await call(`/api/v1/reports/${nested.json.data.id}?utm_source=ci`, { method: "PUT", key: caller.key, form: { update: 1 } });
    expect(regenerate.status, regenerate.text).toBe(202);
  });
});
