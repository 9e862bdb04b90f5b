import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { crawlFields, crawlPageFields } from "../../src/crawls/schemas";
import { historyFields } from "../../src/history/schemas";
import { deliveryFields, webhookFields } from "../../src/webhooks/schemas";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { createEndpoint, hookUrl } from "../helpers/webhooks";

interface Case {
  name: string;
  path: () => string;
  allowed: readonly string[];
  /** Asked for (in another order than the resource's, without the key). */
  ask: string;
  /** What each item then holds, in the resource's order. */
  keys: string[];
  list: boolean;
}

describe("fields= on crawls, crawl pages, webhooks, deliveries and history", () => {
  let caller: Caller;
  let other: Caller;
  let crawlId: number;
  let webhookId: number;
  let reportId: number;
  beforeAll(async () => {
    caller = await createCaller("fields-resources");
    other = await createCaller("fields-resources-other");
    const crawl = await env.DB.prepare("INSERT INTO crawls (account_id, project, url, status, score, result) VALUES (?, 'fields.example', 'https://fields.example/', 'completed', 77, 'decent') RETURNING id")
      .bind(caller.accountId)
      .first<{ id: number }>();
    crawlId = crawl!.id;
    await env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, depth, in_sitemap, state) VALUES (?, 'https://fields.example/', 0, 1, 'audited'), (?, 'https://fields.example/a', 1, 0, 'pending')")
      .bind(crawlId, crawlId)
      .run();
    webhookId = (await createEndpoint(caller, hookUrl("ok").url)).id;
    for (const n of [1, 2]) {
      await env.DB.prepare("INSERT INTO webhook_deliveries (message_id, webhook_id, event_key, type, payload, status, attempts) VALUES (?, ?, ?, 'webhook.test', '{}', 'delivered', 1)")
        .bind(`msg_${String(n).repeat(32)}`, webhookId, `webhook.test:${n}`)
        .run();
    }
    reportId = await seedReport(caller, "https://fields.example/history", { score: 60 });
    for (const generation of [1, 2]) {
      await env.DB.prepare("INSERT INTO report_history (report_id, generation, status, score, result, failed_checks, generated_at) VALUES (?, ?, 'completed', ?, 'decent', '[]', '2026-01-01T00:00:00.000Z')")
        .bind(reportId, generation, 50 + generation)
        .run();
    }
  });

  const cases: Case[] = [
    { name: "GET /crawls", path: () => "/api/v1/crawls", allowed: crawlFields, ask: "score,url", keys: ["id", "url", "score"], list: true },
    { name: "GET /crawls/{id}", path: () => `/api/v1/crawls/${crawlId}`, allowed: crawlFields, ask: "pages,status", keys: ["id", "status", "pages"], list: false },
    { name: "GET /crawls/{id}/pages", path: () => `/api/v1/crawls/${crawlId}/pages`, allowed: crawlPageFields, ask: "report,state", keys: ["url", "state", "report"], list: true },
    { name: "GET /webhooks", path: () => "/api/v1/webhooks", allowed: webhookFields, ask: "enabled,url", keys: ["id", "url", "enabled"], list: true },
    { name: "GET /webhooks/{id}", path: () => `/api/v1/webhooks/${webhookId}`, allowed: webhookFields, ask: "events", keys: ["id", "events"], list: false },
    { name: "GET /webhooks/{id}/deliveries", path: () => `/api/v1/webhooks/${webhookId}/deliveries`, allowed: deliveryFields, ask: "attempts,status", keys: ["id", "status", "attempts"], list: true },
    { name: "GET /reports/{id}/history", path: () => `/api/v1/reports/${reportId}/history`, allowed: historyFields, ask: "changes,score", keys: ["generation", "score", "changes"], list: true },
  ];
  const items = (res: { json: any }, list: boolean): Record<string, unknown>[] => (list ? res.json.data : [res.json.data]);

  it.each(cases)("$name without fields is whole: exactly the allowed fields, in order", async ({ path, allowed, list }) => {
    const res = await call(path(), { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(items(res, list).length).toBeGreaterThan(0);
    for (const item of items(res, list)) expect(Object.keys(item)).toEqual([...allowed]);
  });

  it.each(cases)("$name?fields= answers only those and the key, in the resource's order, with the same values", async ({ path, ask, keys, list }) => {
    const whole = await call(path(), { key: caller.key });
    const res = await call(`${path()}?fields=${ask}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    const picked = items(res, list);
    expect(picked).toEqual(items(whole, list).map((item) => Object.fromEntries(keys.map((k) => [k, item[k]]))));
    for (const item of picked) expect(Object.keys(item)).toEqual(keys);
    if (list) expect(res.json.links.first).toContain(`fields=${encodeURIComponent(ask)}`);
  });

  it.each(cases)("$name with an unknown field is 422 naming the allowed ones", async ({ path, allowed }) => {
    const res = await call(`${path()}?fields=${allowed[1]},secret`, { key: caller.key });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors.fields).toEqual([`The fields field must be a comma-separated list of: ${allowed.join(", ")}.`]);
  });

  it("another account's crawl, webhook and report stay 404 with fields", async () => {
    for (const path of [`/api/v1/crawls/${crawlId}?fields=id`, `/api/v1/crawls/${crawlId}/pages?fields=url`, `/api/v1/webhooks/${webhookId}?fields=url`,
      `/api/v1/webhooks/${webhookId}/deliveries?fields=status`, `/api/v1/reports/${reportId}/history?fields=score`]) {
      const res = await call(path, { key: other.key });
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});
