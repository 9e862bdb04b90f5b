// Prism-style: real answers of the API, each validated against the schema the served document gives for its
// path, method and status (JSON Schema draft 2020-12, as OpenAPI 3.1 uses).
import { env } from "cloudflare:workers";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";
import { waitForReport } from "../helpers/wait-report";

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, any> }>>; components: { schemas: Record<string, Schema> } };

/**
 * A copy of the document's schemas where an object with named properties holds nothing else: an answer with a
 * field the document does not name fails too (the document itself leaves them open, for clients to evolve).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === "properties" ? Object.fromEntries(Object.entries(value as object).map(([name, property]) => [name, closed(property)])) : closed(value)]));
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

let doc: Doc;
let caller: Caller;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
const checked = new Set<string>();

/** The answer's status is documented for the operation and its body is valid against that status's schema. */
async function expectValid(path: string, method: string, res: Awaited<ReturnType<typeof call>>) {
  const responses = doc.paths[path]?.[method]?.responses;
  expect(responses, `${method} ${path} is documented`).toBeDefined();
  const response = responses![String(res.status)];
  expect(response, `${method} ${path} answered ${res.status}, undocumented: ${res.text}`).toBeDefined();
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const key = `${method} ${path} ${res.status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = response.content["application/json"].schema;
    validate = ajv.compile(closed({ ...schema, components: { schemas: doc.components.schemas } }) as Schema);
    validators.set(key, validate);
  }
  expect(validate(res.json), `${key}: ${JSON.stringify(validate.errors)}\n${res.text.slice(0, 2000)}`).toBe(true);
  checked.add(key);
  return res;
}

const get = (path: string) => call(path, { key: caller.key });

beforeAll(async () => {
  doc = (await call("/api/v1/openapi.json")).json;
  caller = await createCaller("openapi-responses");
});

describe("real answers match the served document", () => {
  it("reports, their history and projects", async () => {
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const stored = await expectValid("/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, form: { url: page, schedule: "daily" } }));
    const id = stored.json.data.id;
    expect((await waitForReport(caller.key, id)).status).toBe("completed");
    await expectValid("/api/v1/reports/{id}", "get", await get(`/api/v1/reports/${id}`));
    await expectValid("/api/v1/reports/{id}", "get", await get(`/api/v1/reports/${id}?fields=score,results`));
    await expectValid("/api/v1/reports", "get", await get("/api/v1/reports?per_page=100"));
    await expectValid("/api/v1/reports", "get", await get("/api/v1/reports?fields=url,issues"));
    await expectValid("/api/v1/reports/{id}", "put", await call(`/api/v1/reports/${id}`, { method: "PUT", key: caller.key, form: { privacy: 1 } }));
    // A second generation, so the history has an entry with changes against the first.
    await expectValid("/api/v1/reports/{id}", "patch", await call(`/api/v1/reports/${id}`, { method: "PATCH", key: caller.key, json: { update: 1 } }));
    await waitForReport(caller.key, id);
    const history = await expectValid("/api/v1/reports/{id}/history", "get", await get(`/api/v1/reports/${id}/history`));
    expect(history.json.data).toHaveLength(2);
    expect(history.json.data[0].changes).not.toBeNull();
    await expectValid("/api/v1/reports/{id}/history", "get", await get(`/api/v1/reports/${id}/history?fields=score`));
    // A failed generation (nothing answers on this port) has an error and no changes.
    const failing = (await call("/api/v1/reports", { key: caller.key, form: { url: "http://127.0.0.1:9/gone" } })).json.data.id;
    expect((await waitForReport(caller.key, failing)).status).toBe("failed");
    await expectValid("/api/v1/reports/{id}", "get", await get(`/api/v1/reports/${failing}`));
    await expectValid("/api/v1/reports/{id}/history", "get", await get(`/api/v1/reports/${failing}/history`));

    await expectValid("/api/v1/projects", "get", await get("/api/v1/projects"));
    await expectValid("/api/v1/projects", "get", await get("/api/v1/projects?fields=score"));
    await expectValid("/api/v1/reports/{id}/changes", "get", await get(`/api/v1/reports/${id}/changes`));
    await expectValid("/api/v1/reports/{id}/changes", "get", await get(`/api/v1/reports/${id}/changes?fields=field&severity=critical`));
    await expectValid("/api/v1/projects/{project}/changes", "get", await get("/api/v1/projects/127.0.0.1/changes"));
    await expectValid("/api/v1/projects/{project}/changes", "get", await get("/api/v1/projects/127.0.0.1/changes?severity=loud"));
    await expectValid("/api/v1/projects/{project}", "patch", await call("/api/v1/projects/127.0.0.1", { method: "PATCH", key: caller.key, form: { watch_robots: 1 } }));
    await expectValid("/api/v1/reports/{id}", "delete", await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }));
    await expectValid("/api/v1/projects/{project}", "delete", await call("/api/v1/projects/127.0.0.1", { method: "DELETE", key: caller.key }));
    // Errors are answers too, in the documented error shapes.
    await expectValid("/api/v1/reports/{id}", "get", await get(`/api/v1/reports/${id}`));
    await expectValid("/api/v1/reports", "get", await get("/api/v1/reports?per_page=7"));
    await expectValid("/api/v1/reports", "post", await call("/api/v1/reports", { key: caller.key, body: "{nope", headers: { "Content-Type": "application/json" } }));
  });

  it("usage, and the quota's 429 of the writes that count", async () => {
    const limited = await createCaller("openapi-quota");
    await env.DB.prepare("UPDATE accounts SET quota_reports = 0, quota_crawl_pages = 0 WHERE id = ?").bind(limited.accountId).run();
    await expectValid("/api/v1/usage", "get", await call("/api/v1/usage", { key: limited.key }));
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const report = await expectValid("/api/v1/reports", "post", await call("/api/v1/reports", { key: limited.key, form: { url: page } }));
    expect(report.status).toBe(429);
    const crawl = await expectValid("/api/v1/crawls", "post", await call("/api/v1/crawls", { key: limited.key, form: { url: page } }));
    expect(crawl.json).toMatchObject({ status: 429, code: "quota_exceeded", counter: "crawl_pages" });
  });

  it("every write documents the 503 of an account being moved, with Retry-After; reads do not", () => {
    // The answer itself is test/db/shards.test.ts's (it needs shards): {message, status: 503}, Retry-After: 120.
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ op: `${method} ${path}`, method, responses: op.responses })));
    const writes = operations.filter(({ method }) => method !== "get");
    expect(writes.length).toBeGreaterThan(10);
    for (const { op, responses } of writes) {
      expect(responses["503"]?.description, op).toMatch(/being moved to another database.*`Retry-After: 120`/);
      expect(responses["503"].headers["Retry-After"], op).toBeDefined();
      expect(responses["503"].content["application/json"].schema, op).toEqual({ $ref: "#/components/schemas/Error" });
    }
    // A route's own 503 keeps its description first.
    expect(doc.paths["/api/v1/reports"]!.post!.responses["503"].description).toMatch(/^The analysis queue refused the message/);
    for (const { op, responses } of operations.filter(({ method }) => method === "get")) {
      expect(responses["503"]?.description ?? "", op).not.toMatch(/being moved/);
    }
  });

  it("webhook endpoints and their deliveries", async () => {
    const { tag, url } = hookUrl("ok");
    const created = await expectValid("/api/v1/webhooks", "post", await call("/api/v1/webhooks", { key: caller.key, json: { url, events: ["*"], description: "doc" } }));
    const id = created.json.data.id;
    await expectValid("/api/v1/webhooks", "get", await get("/api/v1/webhooks"));
    await expectValid("/api/v1/webhooks", "get", await get("/api/v1/webhooks?fields=url"));
    await expectValid("/api/v1/webhooks/{id}", "get", await get(`/api/v1/webhooks/${id}`));
    await expectValid("/api/v1/webhooks/{id}", "patch", await call(`/api/v1/webhooks/${id}`, { method: "PATCH", key: caller.key, form: { enabled: "true" } }));
    await expectValid("/api/v1/webhooks/{id}/rotate-secret", "post", await call(`/api/v1/webhooks/${id}/rotate-secret`, { method: "POST", key: caller.key }));
    // After a rotation the endpoint names when the previous secret stops signing.
    const rotated = await expectValid("/api/v1/webhooks/{id}", "get", await get(`/api/v1/webhooks/${id}`));
    expect(rotated.json.data.previous_secret_expires_at).not.toBeNull();
    const test = await expectValid("/api/v1/webhooks/{id}/test", "post", await call(`/api/v1/webhooks/${id}/test`, { method: "POST", key: caller.key }));
    await waitForWebhooks(tag, 1);
    const deliveries = await expectValid("/api/v1/webhooks/{id}/deliveries", "get", await get(`/api/v1/webhooks/${id}/deliveries`));
    expect(deliveries.json.data[0]).toMatchObject({ id: test.json.data.id, type: "webhook.test" });
    await expectValid("/api/v1/webhooks/{id}/deliveries", "get", await get(`/api/v1/webhooks/${id}/deliveries?fields=status`));
    await expectValid(
      "/api/v1/webhooks/{id}/deliveries/{delivery}/retry",
      "post",
      await call(`/api/v1/webhooks/${id}/deliveries/${test.json.data.id}/retry`, { method: "POST", key: caller.key }),
    );
    expect(await waitForWebhooks(tag, 2)).toHaveLength(2);
    await expectValid("/api/v1/webhooks/{id}", "delete", await call(`/api/v1/webhooks/${id}`, { method: "DELETE", key: caller.key }));
    await expectValid("/api/v1/webhooks/{id}", "get", await get(`/api/v1/webhooks/${id}`));
  });

  it("crawls, their pages, issues and compare", async () => {
    const started = await expectValid("/api/v1/crawls", "post", await startCrawl(caller.key, { url: site("/site/"), limit: 8 }));
    const id = started.json.data.id;
    const finished = await waitForCrawl(caller.key, id);
    expect(finished.status).toBe("completed");
    const shown = await expectValid("/api/v1/crawls/{id}", "get", await get(`/api/v1/crawls/${id}`));
    expect(shown.json.data.site_checks).not.toBeNull();
    await expectValid("/api/v1/crawls/{id}", "get", await get(`/api/v1/crawls/${id}?fields=pages,score`));
    await expectValid("/api/v1/crawls", "get", await get("/api/v1/crawls"));
    await expectValid("/api/v1/crawls", "get", await get("/api/v1/crawls?fields=status"));
    const pages = await expectValid("/api/v1/crawls/{id}/pages", "get", await get(`/api/v1/crawls/${id}/pages?per_page=100`));
    expect(pages.json.data.length).toBeGreaterThan(1);
    await expectValid("/api/v1/crawls/{id}/pages", "get", await get(`/api/v1/crawls/${id}/pages?fields=report`));

    // Its issues, one page check's and one site check's pages, and the compare with a second run.
    const issues = await expectValid("/api/v1/crawls/{id}/issues", "get", await get(`/api/v1/crawls/${id}/issues?per_page=100`));
    const pageIssue = issues.json.data.find((row: any) => row.kind === "page");
    const siteIssue = issues.json.data.find((row: any) => row.kind === "site");
    expect(pageIssue && siteIssue, issues.text).toBeTruthy();
    await expectValid("/api/v1/crawls/{id}/issues", "get", await get(`/api/v1/crawls/${id}/issues?fields=pages&kind=site`));
    const failing = await expectValid("/api/v1/crawls/{id}/issues/{check}", "get", await get(`/api/v1/crawls/${id}/issues/${pageIssue.check}`));
    expect(failing.json.meta.total).toBe(pageIssue.pages);
    const examples = await expectValid("/api/v1/crawls/{id}/issues/{check}", "get", await get(`/api/v1/crawls/${id}/issues/${siteIssue.check}?fields=value`));
    expect(examples.json.data.length).toBeGreaterThan(0);
    await expectValid("/api/v1/crawls/{id}/issues/{check}", "get", await get(`/api/v1/crawls/${id}/issues/no_such_check`));
    await expectValid("/api/v1/crawls/{id}/compare", "get", await get(`/api/v1/crawls/${id}/compare`));
    const again = (await startCrawl(caller.key, { url: site("/site/"), limit: 8 })).json.data.id;
    expect((await waitForCrawl(caller.key, again)).status).toBe("completed");
    const compare = await expectValid("/api/v1/crawls/{id}/compare", "get", await get(`/api/v1/crawls/${again}/compare`));
    expect(compare.json.data.with).toBe(id);
    await expectValid("/api/v1/crawls/{id}/compare", "get", await get(`/api/v1/crawls/${again}/compare?with=abc`));
    await expectValid("/api/v1/crawls/{id}/cancel", "post", await call(`/api/v1/crawls/${id}/cancel`, { method: "POST", key: caller.key }));

    // An unfinished crawl, compared (409) and cancelled.
    const other = (await startCrawl(caller.key, { url: site("/bad/none.xml"), source: "sitemap" })).json.data.id;
    await expectValid("/api/v1/crawls/{id}/compare", "get", await get(`/api/v1/crawls/${other}/compare`));
    await expectValid("/api/v1/crawls/{id}/cancel", "post", await call(`/api/v1/crawls/${other}/cancel`, { method: "POST", key: caller.key }));
    await expectValid("/api/v1/crawls/{id}", "delete", await call(`/api/v1/crawls/${id}`, { method: "DELETE", key: caller.key }));
    await expectValid("/api/v1/crawls/{id}/pages", "get", await get(`/api/v1/crawls/${id}/pages`));
  });

  it("fails an answer with a field of the wrong type, a field the document does not name, or one missing", async () => {
    const id = (await call("/api/v1/reports", { key: caller.key, form: { url: "https://bites.example/" } })).json.data.id;
    const res = await expectValid("/api/v1/reports/{id}", "get", await get(`/api/v1/reports/${id}`));
    const validate = validators.get("get /api/v1/reports/{id} 200")!;
    const { url: _url, ...withoutUrl } = res.json.data;
    expect(validate({ ...res.json, data: { ...res.json.data, score: "high" } })).toBe(false);
    expect(validate({ ...res.json, data: { ...res.json.data, secret: "x" } })).toBe(false);
    expect(validate({ ...res.json, data: { ...res.json.data, issues: { high: 1 } } })).toBe(false);
    expect(validate({ ...res.json, status: 201 })).toBe(false);
    // With `fields=` only `id` is required: a report without `url` is a valid answer, one without `id` is not.
    expect(validate({ ...res.json, data: withoutUrl })).toBe(true);
    const { id: _id, ...withoutId } = res.json.data;
    expect(validate({ ...res.json, data: withoutId })).toBe(false);
  });

  it("covered a 2xx answer of every operation of the document", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    const answered = new Set([...checked].filter((key) => / 2\d\d$/.test(key)).map((key) => key.replace(/ \d+$/, "")));
    expect(operations.filter((op) => !answered.has(op))).toEqual([]);
  });
});
