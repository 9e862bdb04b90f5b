import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../../src/analysis/credentials";
import { createDb } from "../../src/db/client";
import { runDueSchedules } from "../../src/reports/run-due-schedules";
import { call, createCaller, type Caller } from "../helpers/api";
import { crawlPagesOf, startCrawl, waitForCrawl } from "../helpers/crawl";
import { loginHeadersOf, NO_LOGIN, requestsTo } from "../helpers/request-log";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, deliverMessage, hookUrl, waitForWebhooks } from "../helpers/webhooks";

/*
 * Audits behind a login, end to end through the API, the queues and the local page server (docs/security.md,
 * "Pages behind a login"): the credentials reach the page's own origin and nothing else, and leave no trace in
 * anything the service answers or sends.
 */

const origin = env.PAGE_SERVER;
const other = env.OTHER_HOST;
/** Unique credentials per test: the page server accepts any password starting with `sesame-`. */
const basicAuth = (username = "pagegrade") => ({ basic: { username, password: `sesame-${crypto.randomUUID()}` } });
const authorizationOf = (auth: { basic: { username: string; password: string } }) => basicAuthorization(auth.basic.username, auth.basic.password);

async function audit(caller: Caller, url: string, auth?: unknown) {
  const res = await call("/api/v1/reports", { key: caller.key, json: auth === undefined ? { url } : { url, auth } });
  expect(res.status, res.text).toBe(201);
  return waitForReport(caller.key, res.json.data.id);
}

describe("audits behind a login", () => {
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    alice = await createCaller("page-auth-alice");
    bob = await createCaller("page-auth-bob");
  });

  it("audits a Basic-protected page with auth (200) and records the 401 without it", async () => {
    const tag = crypto.randomUUID();
    const auth = basicAuth();
    const logged = await audit(alice, `${origin}/login/basic/${tag}`, auth);
    expect(logged).toMatchObject({ status: "completed", auth: { type: "basic", names: ["Authorization"] } });
    expect(logged.results.http_status).toMatchObject({ passed: true, value: 200 });

    const anonymous = await audit(alice, `${origin}/login/basic/${tag}-anonymous`);
    // As any page that answers 401: audited, its http_status check failed with the status.
    expect(anonymous).toMatchObject({ status: "completed", auth: null });
    expect(anonymous.results.http_status).toMatchObject({ passed: false, value: 401 });

    const requests = await requestsTo(origin, `/login/basic/${tag}`);
    expect(requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      [`/login/basic/${tag}`, authorizationOf(auth)],
      [`/login/basic/${tag}-anonymous`, undefined],
    ]);
    // robots.txt, llms.txt and the 404 probe of the same origin went with the login too (docs/security.md says why).
    const site = (await requestsTo(origin, "/")).filter((r) => r.headers.authorization === authorizationOf(auth)).map((r) => r.url.split("-check-")[0]);
    expect(site.sort()).toEqual([`/llms.txt`, `/login/basic/${tag}`, "/pagegrade-404", "/robots.txt"]);
  });

  it("audits a cookie-protected page with a headers auth", async () => {
    const tag = crypto.randomUUID();
    const cookie = `session=sesame-${tag}`;
    const report = await audit(alice, `${origin}/login/cookie/${tag}`, { headers: { Cookie: cookie, "X-Staging": "yes" } });
    expect(report).toMatchObject({ status: "completed", auth: { type: "headers", names: ["Cookie", "X-Staging"] } });
    expect(report.results.http_status).toMatchObject({ passed: true, value: 200 });
    const [request] = await requestsTo(origin, tag);
    expect(request!.headers).toMatchObject({ cookie, "x-staging": "yes" });
  });

  it("never sends the credentials after a redirect to another origin", async () => {
    const tag = crypto.randomUUID();
    const auth = basicAuth();
    const target = `${other}/login/basic/${tag}`;
    const report = await audit(alice, `${origin}/hostile/redirect?tag=${tag}&to=${encodeURIComponent(target)}`, auth);
    expect(report).toMatchObject({ status: "completed", final_url: target });
    // The other origin asked for the login and never got it: its page answered 401.
    expect(report.results.http_status).toMatchObject({ passed: false, value: 401 });
    expect((await requestsTo(origin, tag)).map(loginHeadersOf)).toEqual([{ authorization: authorizationOf(auth), cookie: undefined }]);
    expect((await requestsTo(other, tag)).map(loginHeadersOf)).toEqual([NO_LOGIN]);
    // Nor did the other origin's robots.txt or 404 probe, read for the final URL.
    const carried = (await requestsTo(other, "/")).filter((r) => r.headers.authorization === authorizationOf(auth));
    expect(carried).toEqual([]);
  });

  it("crawls a site behind a login: every page of the origin gets it, the other host's sitemap and pages never", async () => {
    const caller = await createCaller("page-auth-crawler");
    const auth = basicAuth();
    const tag = crypto.randomUUID();
    const index = `${origin}/login/sitemaps/index.xml?other=${encodeURIComponent(other)}&t=${tag}`;
    const started = await call("/api/v1/crawls", { key: caller.key, json: { url: index, auth } });
    expect(started.status, started.text).toBe(201);
    const crawl = await waitForCrawl(caller.key, started.json.data.id);
    expect(crawl).toMatchObject({ status: "completed", auth: { type: "basic", names: ["Authorization"] }, pages: { audited: 2, failed: 0 } });

    const pages = await crawlPagesOf(caller.key, crawl.id);
    expect(pages.map((p) => p.url).sort()).toEqual([`${origin}/login/basic/one`, `${origin}/login/basic/two`]);
    for (const page of pages) {
      const report = await call(`/api/v1/reports/${page.report}`, { key: caller.key });
      expect(report.json.data.results.http_status, page.url).toMatchObject({ passed: true, value: 200 });
      // A page report the crawl created keeps the crawl's login, so it can be regenerated alone.
      expect(report.json.data.auth).toEqual({ type: "basic", names: ["Authorization"] });
    }
    const sitemaps = (await requestsTo(origin, tag)).map((r) => [r.url.split("?")[0], r.headers.authorization]);
    expect(sitemaps).toEqual([
      ["/login/sitemaps/index.xml", authorizationOf(auth)],
      ["/login/sitemaps/pages.xml", authorizationOf(auth)],
    ]);
    // Nothing the crawl answers holds the password or the header made of it.
    const crawlBodies = [
      started.text,
      (await call(`/api/v1/crawls/${crawl.id}`, { key: caller.key })).text,
      (await call("/api/v1/crawls", { key: caller.key })).text,
      (await call(`/api/v1/crawls/${crawl.id}/pages`, { key: caller.key })).text,
      (await call(`/api/v1/crawls/${crawl.id}/pages?format=csv`, { key: caller.key })).text,
      (await call(`/crawls/${crawl.id}`, { headers: { Accept: "text/html" } })).text,
    ];
    for (const body of crawlBodies) {
      expect(body.length).toBeGreaterThan(0);
      expect(body).not.toContain(auth.basic.password);
      expect(body).not.toContain(authorizationOf(auth).slice("Basic ".length));
    }
    // The sitemap the index lists on 127.0.0.2 is another host's: not read at all, and nothing else there got the login.
    expect(await requestsTo(other, tag)).toEqual([]);
    expect((await requestsTo(other, "/")).filter((r) => r.headers.authorization === authorizationOf(auth))).toEqual([]);
  });

  it("rotates (PATCH with a new auth) and removes (auth null) the credentials a regeneration uses", async () => {
    const tag = crypto.randomUUID();
    const url = `${origin}/login/basic/${tag}`;
    const first = basicAuth();
    const report = await audit(alice, url, first);
    expect(report.results.http_status.value).toBe(200);

    const rotated = basicAuth("agency");
    const patch = await call(`/api/v1/reports/${report.id}`, { key: alice.key, method: "PATCH", json: { auth: rotated, update: 1 } });
    expect(patch.status, patch.text).toBe(202);
    const afterRotation = await waitForReport(alice.key, report.id);
    expect(afterRotation.results.http_status.value).toBe(200);

    const removed = await call(`/api/v1/reports/${report.id}`, { key: alice.key, method: "PATCH", json: { auth: null, update: 1 } });
    expect(removed.status, removed.text).toBe(202);
    const afterRemoval = await waitForReport(alice.key, report.id);
    expect(afterRemoval).toMatchObject({ auth: null });
    expect(afterRemoval.results.http_status).toMatchObject({ passed: false, value: 401 });

    const sent = (await requestsTo(origin, tag)).map((r) => r.headers.authorization);
    expect(sent).toEqual([authorizationOf(first), authorizationOf(rotated), undefined]);
  });

  it("keeps the credentials for a scheduled run", async () => {
    const tag = crypto.randomUUID();
    const auth = basicAuth();
    const created = await call("/api/v1/reports", { key: alice.key, json: { url: `${origin}/login/basic/${tag}`, auth, schedule: "daily" } });
    const first = await waitForReport(alice.key, created.json.data.id);
    expect(first.results.http_status.value).toBe(200);
    await env.DB.prepare("UPDATE reports SET next_run_at = ? WHERE id = ?").bind(Math.floor(Date.now() / 1000) - 1, first.id).run();
    await runDueSchedules(env, createDb(env.DB), Date.now());
    const scheduled = await waitForReport(alice.key, first.id);
    expect(scheduled.generated_at).not.toBe(first.generated_at);
    expect(scheduled.results.http_status).toMatchObject({ passed: true, value: 200 });
    expect((await requestsTo(origin, tag)).map((r) => r.headers.authorization)).toEqual([authorizationOf(auth), authorizationOf(auth)]);
  });

  it("keeps the credentials out of every answer, export, page, history and webhook, and the row holds ciphertext only", async () => {
    const caller = await createCaller("page-auth-leaks");
    const hook = hookUrl("ok");
    await createEndpoint(caller, hook.url);
    const tag = crypto.randomUUID();
    const auth = basicAuth();
    const secrets = [auth.basic.password, authorizationOf(auth).slice("Basic ".length)];
    const created = await call("/api/v1/reports", { key: caller.key, json: { url: `${origin}/login/basic/${tag}`, auth } });
    const report = await waitForReport(caller.key, created.json.data.id);
    expect(report.status).toBe("completed");
    const deliveries = await waitForWebhooks(hook.tag, 1);
    expect(deliveries.length).toBeGreaterThan(0);

    const bodies = [
      created.text,
      (await call(`/api/v1/reports/${report.id}`, { key: caller.key })).text,
      (await call("/api/v1/reports", { key: caller.key })).text,
      (await call("/api/v1/reports?format=csv", { key: caller.key })).text,
      (await call(`/api/v1/reports/${report.id}/history`, { key: caller.key })).text,
      (await call(`/reports/${report.id}`, { headers: { Accept: "text/html" } })).text,
      ...deliveries.map((d) => d.body + JSON.stringify(d.headers)),
    ];
    expect(bodies.every((body) => body.length > 0)).toBe(true);
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);

    const stored = await env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(report.id).first<Record<string, unknown>>();
    const everything = JSON.stringify(stored);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(stored!.auth_secret).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
  });

  it("lets no other account see or use the credentials", async () => {
    const tag = crypto.randomUUID();
    const url = `${origin}/login/basic/${tag}`;
    const report = await audit(alice, url, basicAuth());
    expect(report.results.http_status.value).toBe(200);

    expect((await call(`/api/v1/reports/${report.id}`, { key: bob.key })).status).toBe(404);
    expect((await call(`/api/v1/reports/${report.id}`, { key: bob.key, method: "PATCH", json: { update: 1 } })).status).toBe(404);
    // Bob auditing the same URL gets his own report, without Alice's login.
    const bobs = await audit(bob, url);
    expect(bobs.id).not.toBe(report.id);
    expect(bobs.results.http_status).toMatchObject({ passed: false, value: 401 });
  });

  it("fails the report (auth_unavailable) when its credentials cannot be decrypted, rather than audit the login page", async () => {
    const tag = crypto.randomUUID();
    const report = await audit(alice, `${origin}/login/basic/${tag}`, basicAuth());
    expect(report.status).toBe("completed");
    const next = await env.DB.prepare("UPDATE reports SET generation = generation + 1, status = 'queued' WHERE id = ? RETURNING generation")
      .bind(report.id)
      .first<{ generation: number }>();
    // The operator replaced the encryption key: the sealed credentials no longer open.
    await deliverMessage("pagegrade-analysis", { reportId: report.id, generation: next!.generation }, { WEBHOOK_ENCRYPTION_KEY: "another-key-entirely" });
    const failed = (await call(`/api/v1/reports/${report.id}`, { key: alice.key })).json.data;
    expect(failed).toMatchObject({ status: "failed", error: { code: "auth_unavailable" } });
    expect(await requestsTo(origin, tag)).toHaveLength(1);
  });
});
