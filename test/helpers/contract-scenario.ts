import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, it } from "vitest";
import worker from "../../src/index";
import { BASE, call, type Caller, type RequestOptions } from "./api";
import { expectContract, type Golden } from "./contract";
import { waitForCrawl } from "./crawl";
import { MCP_URL } from "./mcp";
import { waitForReport } from "./wait-report";
import { waitForWebhooks } from "./webhooks";

/**
 * The API's contract scenario: one fixed sequence of requests through the Worker, every answer (status, headers,
 * body) compared with its golden file in test/fixtures/contract/. test/http/api-contract.test.ts runs it for accounts
 * on the one database; test/db/scenarios/contract-on-a-shard.test.ts runs the same scenario for accounts on shard 2,
 * whose ids count from 2 * 2^40 + 1 (`golden.idOffset`, taken off every id before the comparison), against the same files.
 */
export interface ContractSetup {
  /** A new account with one key, where the scenario's rows are to live. */
  createCaller: (name: string) => Promise<Caller>;
  /** Where the golden files are from the test file, and the first id of the accounts' shard minus one. */
  golden?: Golden;
}

export function contractScenario({ createCaller, golden = {} }: ContractSetup) {
  const knownPage = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;
  const samplePage = () => `${env.PAGE_SERVER}/fixtures/sample-page.html`;

  /** Sends one request, compares its answer with the golden file `name`, and returns it. */
  async function answer(name: string, path: string, options: RequestOptions = {}) {
    const res = await call(path, options);
    const method = options.method ?? (options.form || options.json !== undefined || options.body ? "POST" : "GET");
    await expectContract(name, `${method} ${path}`, res, golden);
    return res;
  }

  describe("the API answers byte for byte as its golden files say", () => {
    let caller: Caller;
    beforeAll(async () => {
      caller = await createCaller("contract");
    });

    it("reports: store (form and JSON), show, list with fields, sort and filters, CSV, update, regenerate, delete", async () => {
      const key = caller.key;
      const stored = await answer("reports-store-form", "/api/v1/reports", { key, form: { url: knownPage() } });
      const id = stored.json.data.id;
      await waitForReport(key, id);
      const json = await answer("reports-store-json", "/api/v1/reports", { key, json: { url: samplePage(), privacy: 0, schedule: "weekly" } });
      await waitForReport(key, json.json.data.id);
      await answer("reports-show", `/api/v1/reports/${id}`, { key });
      await answer("reports-list", "/api/v1/reports", { key });
      await answer("reports-list-fields-sort", "/api/v1/reports?fields=id,url,score,result&sort=asc&per_page=1&page=2", { key });
      await answer("reports-list-filters", "/api/v1/reports?result=good&search=known&project=127.0.0.1", { key });
      await answer("reports-export-csv", "/api/v1/reports?format=csv&sort=asc", { key });
      await answer("reports-update", `/api/v1/reports/${id}`, { key, method: "PATCH", form: { privacy: 0, schedule: "daily" } });
      await answer("reports-regenerate", `/api/v1/reports/${id}`, { key, method: "PUT", form: { update: 1 } });
      await waitForReport(key, id);
      await answer("reports-history", `/api/v1/reports/${id}/history`, { key });
      await answer("reports-page", `/reports/${id}`, { key: null, headers: { Accept: "text/html" } });
      await answer("reports-delete", `/api/v1/reports/${json.json.data.id}`, { key, method: "DELETE" });
      await answer("reports-show-deleted", `/api/v1/reports/${json.json.data.id}`, { key });
    });

    it("projects: list, delete", async () => {
      const { key } = await createCaller("contract-projects");
      const stored = await call("/api/v1/reports", { key, form: { url: knownPage() } });
      await waitForReport(key, stored.json.data.id);
      await answer("projects-list", "/api/v1/projects", { key });
      await answer("projects-list-fields", "/api/v1/projects?fields=name&sort=asc", { key });
      await answer("projects-delete", "/api/v1/projects/127.0.0.1", { key, method: "DELETE" });
      await answer("projects-delete-missing", "/api/v1/projects/127.0.0.1", { key, method: "DELETE" });
    });

    it("webhooks: create, list, show, update, test, deliveries, retry, rotate the secret, delete", async () => {
      const { key } = await createCaller("contract-webhooks");
      const url = `${env.PAGE_SERVER}/hooks/contract/ok`;
      const created = await answer("webhooks-create", "/api/v1/webhooks", { key, json: { url, events: ["report.completed"], description: "CI" } });
      const id = created.json.data.id;
      await answer("webhooks-create-form", "/api/v1/webhooks", { key, form: { url: `${env.PAGE_SERVER}/hooks/contract-form/ok`, events: "*" } });
      await answer("webhooks-list", "/api/v1/webhooks", { key });
      await answer("webhooks-show", `/api/v1/webhooks/${id}`, { key });
      await answer("webhooks-update", `/api/v1/webhooks/${id}`, { key, method: "PATCH", json: { description: "ci", events: ["*"] } });
      await answer("webhooks-test", `/api/v1/webhooks/${id}/test`, { key, method: "POST" });
      await waitForWebhooks("contract", 1);
      const deliveries = await waitForDelivered(key, id);
      await answer("webhooks-deliveries", `/api/v1/webhooks/${id}/deliveries`, { key });
      await answer("webhooks-deliveries-filtered", `/api/v1/webhooks/${id}/deliveries?status=failed`, { key });
      await answer("webhooks-retry-delivered", `/api/v1/webhooks/${id}/deliveries/${deliveries[0]!.id}/retry`, { key, method: "POST" });
      await answer("webhooks-rotate-secret", `/api/v1/webhooks/${id}/rotate-secret`, { key, method: "POST" });
      await answer("webhooks-delete", `/api/v1/webhooks/${id}`, { key, method: "DELETE" });
    });

    it("crawls: create, conflict, show, list, pages, pages CSV, the crawl page, cancel, delete", async () => {
      const { key } = await createCaller("contract-crawls");
      const created = await answer("crawls-create", "/api/v1/crawls", { key, form: { url: `${env.CRAWL_SITE}/site/`, limit: 30 } });
      const id = created.json.data.id;
      await answer("crawls-create-conflict", "/api/v1/crawls", { key, json: { url: `${env.CRAWL_SITE}/site/a` } });
      await waitForCrawl(key, id);
      await answer("crawls-show", `/api/v1/crawls/${id}`, { key });
      await answer("crawls-list", "/api/v1/crawls?fields=id,url,status,pages,score,result", { key });
      await answer("crawls-pages", `/api/v1/crawls/${id}/pages?per_page=50`, { key });
      await answer("crawls-pages-filtered", `/api/v1/crawls/${id}/pages?state=audited&per_page=5`, { key });
      await answer("crawls-pages-csv", `/api/v1/crawls/${id}/pages?format=csv`, { key });
      await answer("crawls-page", `/crawls/${id}`, { key: null, headers: { Accept: "text/html" } });
      await answer("crawls-cancel-finished", `/api/v1/crawls/${id}/cancel`, { key, method: "POST" });
      await answer("crawls-delete", `/api/v1/crawls/${id}`, { key, method: "DELETE" });
      await answer("crawls-show-deleted", `/api/v1/crawls/${id}`, { key });
    });

    // The OpenAPI document's own contract is test/fixtures/contract/openapi.json, compared by test/http/openapi-shape.test.ts.
    it("the API reference page, the home page and the not-found page", async () => {
      await answer("api-docs", "/api/v1/docs", { key: null, headers: { Accept: "text/html" } });
      await answer("home-page", "/", { key: null, headers: { Accept: "text/html" } });
      await answer("not-found-page", "/nowhere", { key: null, headers: { Accept: "text/html" } });
    });

    it("errors: 400, 401, 404, 413, 415, 422 and 429 in the one error shape (409s are in the crawl steps)", async () => {
      const { key } = await createCaller("contract-errors");
      await answer("error-400-malformed-json", "/api/v1/reports", { key, body: "{nope", headers: { "Content-Type": "application/json" } });
      await answer("error-401-no-key", "/api/v1/reports", { key: null });
      await answer("error-401-unknown-key", "/api/v1/reports", { key: `pg_${"A".repeat(43)}` });
      await answer("error-404-report", "/api/v1/reports/999999", { key });
      await answer("error-404-path", "/api/v1/nothing-here", { key });
      await answer("error-404-webhook-test", "/api/v1/webhooks/999999/test", { key, method: "POST" });
      await answer("error-413-body", "/api/v1/reports", { key, json: { url: knownPage(), padding: "x".repeat(70_000) } });
      await answer("error-415-type", "/api/v1/webhooks", { key, body: "x", headers: { "Content-Type": "text/plain" } });
      await answer("error-422-url", "/api/v1/reports", { key, form: { url: "ftp://example.com/" } });
      await answer("error-422-list", "/api/v1/reports?per_page=7&sort=sideways&fields=nope", { key });
      await answer("error-422-crawl", "/api/v1/crawls", { key, json: { url: "https://example.com/", limit: 0, privacy: 2 } });
      // The limiter's own count is tested in test/http/auth.test.ts; here only the shape of its refusal.
      const refused = await fetchWith({ API_RATE_LIMITER: { limit: async () => ({ success: false }) } as unknown as RateLimit }, "/api/v1/projects", key);
      await expectContract("error-429", "GET /api/v1/projects", refused, golden);
    });

    it("MCP: the tools listed", async () => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
      const res = await exports.default.fetch(
        new Request(MCP_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${caller.key}` },
          body,
        }),
      );
      await expectContract("mcp-tools-list", "POST /mcp tools/list", { status: res.status, headers: res.headers, text: await res.text() }, golden);
    });
  });
}

/** The webhook's deliveries once the first has been delivered. */
async function waitForDelivered(key: string, id: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await call(`/api/v1/webhooks/${id}/deliveries`, { key });
    const data = res.json.data as { id: number; status: string }[];
    if (data.every((d) => d.status === "succeeded") || Date.now() > deadline) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A GET through the real Worker over an env with some bindings changed. */
async function fetchWith(overrides: Partial<Env>, path: string, key: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${key}`, Accept: "application/json" } }), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, text: await res.text() };
}
