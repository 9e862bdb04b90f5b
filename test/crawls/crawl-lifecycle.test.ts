import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  claimDueRun,
  claimLastPage,
  claimSlotNow,
  completeCrawl,
  crawlBrowserSessions,
  crawlFailures,
  deleteCrawlRow,
  failCrawl,
  fetchAnswer,
  insertCrawl,
  markCancelled,
  markRunning,
  postponeRun,
  recordFetchAnswer,
  releaseFetchSlot,
  touchCrawl,
} from "../../src/crawls/crawl-lifecycle";
import { finalizeCrawl } from "../../src/crawls/crawl-steps";
import { queuesOf } from "../../src/queues";
import { nextPace, type Pace } from "../../src/crawls/crawl-pace";
import { config } from "../../src/config";
import type { CrawlDeps } from "../../src/crawls/crawl-deps";
import { runDueCrawls } from "../../src/crawls/run-due-crawls";
import { sweepCrawls } from "../../src/crawls/sweep-crawls";
import { createDb } from "../../src/db/client";
import { runBatch } from "../../src/db/batch";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, startCrawl, waitForCrawl } from "../helpers/crawl";
import { createEndpoint, deliverMessage, hookUrl, received, waitForWebhooks } from "../helpers/webhooks";
import { crawlEventData } from "../../src/crawls/notify";
import { Webhook } from "standardwebhooks";

const db = () => createDb(env.DB);
const deps = (): CrawlDeps => ({ db: db(), settings: config(env), queues: queuesOf(env) });
const runDue = () => runDueCrawls(db(), config(env).crawl, queuesOf(env));

async function seedCrawl(caller: Caller, fields: { status: string; updatedAt?: string; project?: string }) {
  const row = await env.DB.prepare(
    "INSERT INTO crawls (account_id, project, url, status, discovered_by, updated_at) VALUES (?, ?, ?, ?, 'sitemap', ?) RETURNING id",
  )
    .bind(caller.accountId, fields.project ?? "seeded.example", "https://seeded.example/", fields.status, fields.updatedAt ?? new Date().toISOString())
    .first<{ id: number }>();
  return row!.id;
}

const addPage = (crawlId: number, url: string, state: string, facts: object | null = null) =>
  env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state, in_sitemap, facts) VALUES (?, ?, ?, 1, ?)")
    .bind(crawlId, url, state, facts ? JSON.stringify(facts) : null)
    .run();

const facts = (url: string, title: string) => ({
  url, status: 200, redirects: 0, title, description: null, h1: null, canonical: null, noindex: false, hreflang: [], links: [],
});

const crawlRow = (id: number) => env.DB.prepare("SELECT * FROM crawls WHERE id = ?").bind(id).first<Record<string, any>>();

const newCrawl = (url: string) =>
  ({ url, source: "sitemap", limit: 10, schedule: "none", privacy: 0, passwordHash: null, render: 0, rate: 1 }) as const;

describe("the crawl's owner (crawl-lifecycle.ts)", () => {
  it("takes a crawl from insert through running, its fetch slot and progress, to completed once", async () => {
    const caller = await createCaller("lifecycle-owner");
    const crawl = await insertCrawl(db(), caller.accountId, newCrawl("https://owner.example/"), { intervalMs: 50, maxActive: 5 });
    if (typeof crawl === "string") throw new Error(crawl);
    expect(crawl).toMatchObject({ status: "discovering", project: "owner.example", intervalMs: 50 });
    // The project has an unfinished crawl now: a second is refused.
    expect(await insertCrawl(db(), caller.accountId, newCrawl("https://owner.example/other"), { intervalMs: 50, maxActive: 5 })).toBe("project_busy");

    const found = { discoveredBy: "sitemap", found: 1, skipped: 2, truncated: false, site: { robots: null }, intervalMs: 50, crawlDelayMs: 0 } as const;
    await markRunning(db(), crawl.id, found);
    expect(await crawlRow(crawl.id)).toMatchObject({ status: "running", found: 1, skipped: 2, discovered_by: "sitemap", interval_ms: 50 });
    expect((await crawlRow(crawl.id))!.started_at).toEqual(expect.any(String));
    // Running only once: a second start (a duplicate discovery) changes nothing.
    await markRunning(db(), crawl.id, { ...found, found: 9 });
    expect((await crawlRow(crawl.id))!.found).toBe(1);

    // One fetch slot per interval: taken once, free again one interval after its release.
    await env.DB.prepare("UPDATE crawls SET next_slot_at = 0 WHERE id = ?").bind(crawl.id).run();
    const hold = await claimSlotNow(db(), crawl.id, 20_000);
    expect(hold).toEqual(expect.any(String));
    expect(await claimSlotNow(db(), crawl.id, 20_000)).toBeNull();
    await releaseFetchSlot(db(), crawl.id, hold!);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const next = await claimSlotNow(db(), crawl.id, 20_000);
    expect(next).toEqual(expect.any(String));
    await releaseFetchSlot(db(), crawl.id, next!);

    // At a current rate of 2 (and no interval), two fetches at once and not a third; a crashed consumer's hold lapses.
    await env.DB.prepare("UPDATE crawls SET next_slot_at = 0, current_rate = 2, current_interval_ms = 0 WHERE id = ?").bind(crawl.id).run();
    const first = await claimSlotNow(db(), crawl.id, 20_000);
    const lost = await claimSlotNow(db(), crawl.id, 60);
    expect([first, lost]).toEqual([expect.any(String), expect.any(String)]);
    expect(await claimSlotNow(db(), crawl.id, 20_000)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterLapse = await claimSlotNow(db(), crawl.id, 20_000);
    expect(afterLapse).toEqual(expect.any(String));
    expect(Object.keys(JSON.parse((await crawlRow(crawl.id))!.fetch_holds as string)).sort()).toEqual([first, afterLapse].sort());
    await releaseFetchSlot(db(), crawl.id, first!);
    await releaseFetchSlot(db(), crawl.id, afterLapse!);
    expect((await crawlRow(crawl.id))!.fetch_holds).toBe("{}");

    const touched = new Date(Date.now() + 1000).toISOString();
    await touchCrawl(db(), crawl.id, touched);
    expect((await crawlRow(crawl.id))!.updated_at).toBe(touched);

    await addPage(crawl.id, "https://owner.example/", "audited", facts("https://owner.example/", "Home"));
    expect(await claimLastPage(db(), crawl.id)).toMatchObject({ id: crawl.id });
    const verdict = { siteChecks: { x: { passed: true } }, score: 90, result: "good", nextRunAt: null } as const;
    expect(await completeCrawl(db(), crawl.id, verdict)).toMatchObject({ status: "completed", score: 90, result: "good" });
    expect(await completeCrawl(db(), crawl.id, verdict)).toBeUndefined();
    // Finished: no slot, no failure over it.
    expect(await claimSlotNow(db(), crawl.id, 20_000)).toBeNull();
    await failCrawl(db(), crawl.id, crawlFailures.discoveryFailed);
    expect(await crawlRow(crawl.id)).toMatchObject({ status: "completed", error_code: null });
  });

  it("fails and cancels only an unfinished crawl, cancels and deletes only the account's own", async () => {
    const caller = await createCaller("lifecycle-end");
    const stranger = await createCaller("lifecycle-stranger");
    const failing = await seedCrawl(caller, { status: "discovering", project: "failing.example" });
    await failCrawl(db(), failing, { code: "nothing_to_crawl", message: "Nothing." }, { skipped: 3 });
    expect(await crawlRow(failing)).toMatchObject({ status: "failed", error_code: "nothing_to_crawl", skipped: 3 });
    expect((await crawlRow(failing))!.finished_at).toEqual(expect.any(String));

    const running = await seedCrawl(caller, { status: "running", project: "cancel.example" });
    const now = new Date().toISOString();
    expect(await markCancelled(db(), stranger.accountId, running, now)).toEqual([]);
    expect(await markCancelled(db(), caller.accountId, running, now)).toMatchObject([{ id: running, status: "cancelled" }]);
    expect(await markCancelled(db(), caller.accountId, running, now)).toEqual([]);
    expect(await markCancelled(db(), caller.accountId, failing, now)).toEqual([]);

    await deleteCrawlRow(db(), stranger.accountId, running);
    expect(await crawlRow(running)).not.toBeNull();
    await deleteCrawlRow(db(), caller.accountId, running);
    expect(await crawlRow(running)).toBeNull();
  });

  it("cancels through the API by the owner: pending pages stop, the crawl row says cancelled", async () => {
    const caller = await createCaller("lifecycle-cancel-api");
    const id = await seedCrawl(caller, { status: "running", project: "cancel-api.example" });
    await addPage(id, "https://cancel-api.example/", "pending");
    const res = await call(`/api/v1/crawls/${id}/cancel`, { key: caller.key, method: "POST" });
    expect(res.status, res.text).toBe(200);
    expect(await crawlRow(id)).toMatchObject({ status: "cancelled" });
    expect((await call(`/api/v1/crawls/${id}/cancel`, { key: caller.key, method: "POST" })).status).toBe(409);
  });

  it("keeps the crawl's browser session for the render pool: named once, counted every launch, let go of when closed", async () => {
    const caller = await createCaller("lifecycle-browser");
    const id = await seedCrawl(caller, { status: "running", project: "browser.example" });
    const sessions = crawlBrowserSessions(db());
    expect(await sessions.sessionOf(id)).toBeNull();
    expect(await sessions.recordLaunch(id, "session-a", null)).toBe(true);
    // A second consumer launched at the same time: counted, but the row keeps the first session.
    expect(await sessions.recordLaunch(id, "session-b", null)).toBe(false);
    expect(await crawlRow(id)).toMatchObject({ browser_session: "session-a", browser_launches: 2 });
    expect(await sessions.sessionOf(id)).toBe("session-a");
    expect((await sessions.heldSessions()).has("session-a")).toBe(true);
    // The named session died: its replacement takes its place.
    expect(await sessions.recordLaunch(id, "session-c", "session-a")).toBe(true);
    expect(await sessions.sessionOf(id)).toBe("session-c");
    await sessions.forget(id);
    expect(await crawlRow(id)).toMatchObject({ browser_session: null, browser_launches: 3 });
    expect((await sessions.heldSessions()).has("session-c")).toBe(false);
  });

  it("claims a scheduled crawl's due run once, and postpones one that could not start", async () => {
    const caller = await createCaller("lifecycle-due");
    const id = await seedCrawl(caller, { status: "completed", project: "due.example" });
    await env.DB.prepare("UPDATE crawls SET next_run_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), id).run();
    const claims = await Promise.all([claimDueRun(db(), id), claimDueRun(db(), id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await crawlRow(id))!.next_run_at).toBeNull();
    const later = new Date(Date.now() + 3600_000).toISOString();
    await postponeRun(db(), id, later);
    expect((await crawlRow(id))!.next_run_at).toBe(later);
  });
});

describe("a fetch's answer moves the crawl's pace", () => {
  it("as nextPace says, whether the answer only counts a healthy run (one UPDATE) or steps the pace (read, then compare and set)", async () => {
    const caller = await createCaller("lifecycle-pace");
    const id = await seedCrawl(caller, { status: "running", project: "pace.example" });
    await env.DB.prepare("UPDATE crawls SET rate = 3, interval_ms = 200, current_rate = 1, current_interval_ms = 200, healthy_run = 0 WHERE id = ?").bind(id).run();
    const fast = { status: 200, ttfbMs: 5, retryAfter: null };
    const slow = { status: 200, ttfbMs: 5000, retryAfter: null };
    const busy = { status: 503, ttfbMs: 5, retryAfter: null };
    const limits = { rate: 3, intervalMs: 200, crawlDelayMs: 0, render: 0, slowTtfbMs: 1000 };
    let expected: Pace = { currentRate: 1, currentIntervalMs: 200, healthyRun: 0 };
    // Runs of healthy answers up to the ceiling and past it, a slow one, then recovery back to the ceiling and a run
    // completed there (only the run starts again, in the one UPDATE): every step of the model.
    for (const answer of [...Array(12).fill(fast), slow, slow, ...Array(12).fill(fast), busy, ...Array(17).fill(fast)]) {
      const hold = await claimSlotNow(db(), id, 20_000);
      expect(hold).not.toBeNull();
      await recordFetchAnswer(db(), id, hold!, answer, limits.slowTtfbMs);
      expected = nextPace(expected, answer, limits).pace;
      const row = await crawlRow(id);
      expect({ currentRate: row!.current_rate, currentIntervalMs: row!.current_interval_ms, healthyRun: row!.healthy_run }).toEqual(expected);
      expect(JSON.parse(row!.fetch_holds)).toEqual({});
      // The next start is due at once for the test's next claim.
      await env.DB.prepare("UPDATE crawls SET next_slot_at = 0 WHERE id = ?").bind(id).run();
    }
  });
});

describe("a page's settle with its fetch's answer", () => {
  it("touches the crawl and says whether pages are pending in the healthy answer's one UPDATE; the pace moves as nextPace says", async () => {
    const caller = await createCaller("lifecycle-touch");
    const id = await seedCrawl(caller, { status: "running", project: "touch.example", updatedAt: "2020-01-01T00:00:00.000Z" });
    await env.DB.prepare("UPDATE crawls SET rate = 2, interval_ms = 200, current_rate = 1, current_interval_ms = 200, healthy_run = 0 WHERE id = ?").bind(id).run();
    await addPage(id, "https://touch.example/left", "pending");
    const fast = { status: 200, ttfbMs: 5, retryAfter: null };
    const busy = { status: 503, ttfbMs: 5, retryAfter: null };
    const limits = { rate: 2, intervalMs: 200, crawlDelayMs: 0, render: 0, slowTtfbMs: 1000 };
    let expected: Pace = { currentRate: 1, currentIntervalMs: 200, healthyRun: 0 };
    // A run to the ceiling (a step taken by compare and set after the UPDATE did not count it), a busy answer (the pace
    // read in the batch, the touch an UPDATE of its own), recovery; the last answer settles the crawl's last page.
    const answers = [...Array(12).fill(fast), busy, ...Array(11).fill(fast)];
    const rates: number[] = [];
    for (const [n, answer] of answers.entries()) {
      const last = n === answers.length - 1;
      if (last) await env.DB.prepare("UPDATE crawl_pages SET state = 'audited' WHERE crawl_id = ?").bind(id).run();
      const hold = await claimSlotNow(db(), id, 20_000);
      expect(hold).not.toBeNull();
      const updatedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
      const answering = fetchAnswer(db(), id, hold!, answer, limits.slowTtfbMs, updatedAt);
      expect(answering.statements).toHaveLength(answer === fast ? 1 : 2);
      const results = await runBatch(db(), answering.statements);
      expect(answering.pending(results)).toBe(!last);
      await answering.after(results);
      expected = nextPace(expected, answer, limits).pace;
      rates.push(expected.currentRate);
      const row = await crawlRow(id);
      expect({ currentRate: row!.current_rate, currentIntervalMs: row!.current_interval_ms, healthyRun: row!.healthy_run }).toEqual(expected);
      expect(JSON.parse(row!.fetch_holds)).toEqual({});
      expect(row!.updated_at).toBe(updatedAt);
      await env.DB.prepare("UPDATE crawls SET next_slot_at = 0 WHERE id = ?").bind(id).run();
    }
    // The model's steps were taken: up to the ceiling, down at the busy answer, up again.
    expect(rates.indexOf(2)).toBeLessThan(12);
    expect(rates[12]).toBe(1);
    expect(rates.at(-1)).toBe(2);
    // A crawl gone: no row, so no page pending (the finaliser's claim then finds nothing).
    const gone = fetchAnswer(db(), id + 1_000_000, "nohold", fast, limits.slowTtfbMs, new Date().toISOString());
    expect(gone.pending(await runBatch(db(), gone.statements))).toBe(false);
  });
});

describe("the last page to settle", () => {
  it("is a conditional UPDATE ... RETURNING claim that exactly one of several concurrent callers wins", async () => {
    const caller = await createCaller();
    const id = await seedCrawl(caller, { status: "running" });
    await addPage(id, "https://seeded.example/a", "audited", facts("https://seeded.example/a", "A"));
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimLastPage(db(), id)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("is claimed once: two consumers finishing together compute the site checks once", async () => {
    const caller = await createCaller();
    const id = await seedCrawl(caller, { status: "running" });
    await addPage(id, "https://seeded.example/a", "audited", facts("https://seeded.example/a", "Same"));
    await addPage(id, "https://seeded.example/b", "audited", facts("https://seeded.example/b", "Same"));
    await Promise.all([finalizeCrawl(deps(), id), finalizeCrawl(deps(), id), finalizeCrawl(deps(), id)]);
    // The claim queues the crawl's finalising jobs (plan_links, then site_checks) on the crawl queue.
    await waitForCrawl(caller.key, id);
    const row = await env.DB.prepare("SELECT status, settling_at, site_checks FROM crawls WHERE id = ?").bind(id).first<Record<string, string>>();
    expect(row!.status).toBe("completed");
    expect(JSON.parse(row!.site_checks!).duplicate_titles.count).toBe(1);
  });

  it("is not claimed while a page is still pending", async () => {
    const caller = await createCaller();
    const id = await seedCrawl(caller, { status: "running" });
    await addPage(id, "https://seeded.example/a", "audited", facts("https://seeded.example/a", "A"));
    await addPage(id, "https://seeded.example/b", "pending");
    await finalizeCrawl(deps(), id);
    expect(await env.DB.prepare("SELECT status FROM crawls WHERE id = ?").bind(id).first("status")).toBe("running");
  });
});

describe("the crawl sweep", () => {
  it("fails a crawl without progress for 30 minutes (crawl_stalled) and leaves a recent one alone", async () => {
    const caller = await createCaller();
    const old = new Date(Date.now() - 31 * 60 * 1000).toISOString();
    const stalled = await seedCrawl(caller, { status: "discovering", updatedAt: old, project: "stalled.example" });
    await addPage(stalled, "https://stalled.example/", "pending");
    const fresh = await seedCrawl(caller, { status: "running", project: "fresh.example" });
    await addPage(fresh, "https://fresh.example/", "pending");
    await sweepCrawls(deps());
    const res = await call(`/api/v1/crawls/${stalled}`, { key: caller.key });
    expect(res.json.data).toMatchObject({ status: "failed", error: { code: "crawl_stalled" } });
    expect(res.json.data.finished_at).not.toBeNull();
    expect((await call(`/api/v1/crawls/${fresh}`, { key: caller.key })).json.data.status).toBe("running");
  });

  it("finalises a running crawl whose last page settled but whose finalising consumer was lost", async () => {
    const caller = await createCaller();
    const id = await seedCrawl(caller, { status: "running", project: "lost.example" });
    await addPage(id, "https://lost.example/", "audited", facts("https://lost.example/", "Home"));
    await env.DB.prepare("UPDATE crawls SET settling_at = ? WHERE id = ?").bind(new Date(Date.now() - 6 * 60 * 1000).toISOString(), id).run();
    await sweepCrawls(deps());
    expect((await waitForCrawl(caller.key, id)).status).toBe("completed");
  });
});

describe("pages whose analyses the queue refuses", () => {
  it("fail with their reports (enqueue_failed), so the crawl still finishes", async () => {
    const caller = await createCaller("crawl-refused");
    const crawl = await env.DB.prepare(
      "INSERT INTO crawls (account_id, project, url, source, status, interval_ms) VALUES (?, ?, ?, 'links', 'discovering', 10) RETURNING id",
    )
      .bind(caller.accountId, new URL(site("/")).host, site("/site/"))
      .first<{ id: number }>();
    const refuse = async () => {
      throw new Error("queue down");
    };
    await deliverMessage("pagegrade-crawl", { kind: "discover", crawlId: crawl!.id }, {
      ANALYSIS_QUEUE: { send: refuse, sendBatch: refuse } as unknown as Queue,
    });
    const page = await env.DB.prepare("SELECT state, report_id, settled_at FROM crawl_pages WHERE crawl_id = ?").bind(crawl!.id).first<Record<string, any>>();
    expect(page).toMatchObject({ state: "failed", report_id: expect.any(Number), settled_at: expect.any(String) });
    const report = await env.DB.prepare("SELECT status, error_code, error_message FROM reports WHERE id = ?").bind(page!.report_id).first();
    expect(report).toEqual({
      status: "failed",
      error_code: "enqueue_failed",
      error_message: "The analysis could not be queued. Regenerate the report to try again.",
    });
    await sweepCrawls(deps());
    const finished = await waitForCrawl(caller.key, crawl!.id);
    expect(finished).toMatchObject({ status: "completed", pages: { failed: 1, pending: 0 } });
  });
});

describe("scheduled crawls", () => {
  it("run again when due, as a new crawl with previous_id and changes against the run before", async () => {
    const caller = await createCaller();
    const res = await startCrawl(caller.key, { url: site("/sched/sitemap.xml"), source: "sitemap", schedule: "daily", limit: 2, rate: 3 });
    expect(res.json.data).toMatchObject({ schedule: "daily", rate: 3 });
    const first = await waitForCrawl(caller.key, res.json.data.id);
    expect(first.status).toBe("completed");
    const due = (await env.DB.prepare("SELECT next_run_at FROM crawls WHERE id = ?").bind(first.id).first<string>("next_run_at"))!;
    expect(Date.parse(due) - Date.parse(first.finished_at)).toBeGreaterThan(23 * 3600 * 1000);

    // Not due yet: nothing starts.
    expect(await runDue()).toBe(0);
    // Make the run before look different, so the new run has a change to report.
    const before = first.site_checks;
    before.duplicate_titles = { passed: false, applicable: true, count: 1, examples: [] };
    await env.DB.prepare("UPDATE crawls SET next_run_at = ?, site_checks = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), JSON.stringify(before), first.id)
      .run();
    const [a, b] = await Promise.all([runDue(), runDue()]);
    expect(a + b).toBe(1);

    const list = (await call("/api/v1/crawls?sort=desc", { key: caller.key })).json.data;
    expect(list).toHaveLength(2);
    const second = await waitForCrawl(caller.key, list[0].id);
    // The re-run keeps the crawl's settings, its rate among them.
    expect(second).toMatchObject({ status: "completed", previous_id: first.id, schedule: "daily", url: first.url, rate: 3 });
    // The planted change, and any other verdict that flipped between the two real runs: beside a busy loop the first
    // run's llms_txt_links once failed and the second passed (28 Nov 2026).
    const failedIn = (checks: Record<string, { passed?: boolean; applicable?: boolean }>, id: string) =>
      checks[id]?.applicable !== false && checks[id]?.passed === false;
    const ids = Object.keys(second.site_checks).filter((id) => id !== "changes");
    const flipped = (from: typeof before, to: typeof before) => ids.filter((id) => !failedIn(from, id) && failedIn(to, id));
    const { newly_failed, newly_passed } = second.site_checks.changes as { newly_failed: string[]; newly_passed: string[] };
    expect({ newly_failed: [...newly_failed].sort(), newly_passed: [...newly_passed].sort() }).toEqual({
      newly_failed: flipped(before, second.site_checks).sort(),
      newly_passed: flipped(second.site_checks, before).sort(),
    });
    expect(newly_passed).toContain("duplicate_titles");
    expect(await runDue()).toBe(0);
  });
});

describe("crawl.completed", () => {
  it("is delivered once, signed, with the crawl resource and its site checks, when the crawl completes", async () => {
    const caller = await createCaller();
    const hook = hookUrl("ok");
    const endpoint = await createEndpoint(caller, hook.url, ["crawl.completed"]);
    const id = await seedCrawl(caller, { status: "running" });
    await addPage(id, "https://seeded.example/a", "audited", facts("https://seeded.example/a", "Same"));
    await addPage(id, "https://seeded.example/b", "audited", facts("https://seeded.example/b", "Same"));
    await Promise.all([finalizeCrawl(deps(), id), finalizeCrawl(deps(), id)]);
    const [delivery, ...more] = await waitForWebhooks(hook.tag, 1);
    expect(delivery, "no crawl.completed arrived").toBeDefined();
    const event = new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers) as any;
    expect(event.type).toBe("crawl.completed");
    expect(event.data).toMatchObject({ id, status: "completed", pages: { audited: 2, pending: 0 } });
    expect(event.data.site_checks.duplicate_titles).toMatchObject({ passed: false, count: 1 });
    // A second finalize after completion announces nothing more.
    await finalizeCrawl(deps(), id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(more).toHaveLength(0);
    expect(await received(hook.tag)).toHaveLength(1);
  });

  it("keeps a large crawl's payload under 20 KB by leaving out the checks' examples", () => {
    const long = Array.from({ length: 20 }, (_, i) => `https://seeded.example/${"x".repeat(300)}/${i}`);
    const siteChecks = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`check_${i}`, { passed: false, applicable: true, count: 40, examples: long }]));
    const crawl = { id: 1, siteChecks, passwordHash: null } as never;
    const data = crawlEventData(crawl, { audited: 1, failed: 0, blocked: 0, pending: 0 }, "https://pagegrade.example");
    expect(JSON.stringify(data).length).toBeLessThan(20_000);
    expect((data.site_checks as any).check_0).toEqual({ passed: false, applicable: true, count: 40, examples: [] });
  });
});
