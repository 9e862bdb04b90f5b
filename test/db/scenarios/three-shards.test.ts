import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { shardOfId } from "../../../src/db/shards";
import { STALE_AFTER_MS } from "../../../src/reports/sweep-stale";
import { call } from "../../helpers/api";
import { site, startCrawl, waitForCrawl } from "../../helpers/crawl";
import { callTool, mcpClient, textOf } from "../../helpers/mcp";
import { createCallerOn, rowsPerShard, shardDb } from "../../helpers/shards";
import { waitForReport } from "../../helpers/wait-report";
import { createEndpoint, hookUrl, waitForWebhooks } from "../../helpers/webhooks";

type ShardCaller = Awaited<ReturnType<typeof createCallerOn>>;

describe("three shards through the real Worker, queues and cron", () => {
  const callers: ShardCaller[] = [];
  const reports: number[] = [];
  beforeAll(async () => {
    for (const shard of [0, 1, 2]) callers.push(await createCallerOn(shard, `three-shards-${shard}`));
    for (const caller of callers) {
      const res = await call("/api/v1/reports", { key: caller.key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
      expect(res.status).toBe(201);
      reports.push(res.json.data.id);
    }
  });

  it("each account's report is analysed through the queue on its own shard, and found there by every read", async () => {
    for (const [shard, caller] of callers.entries()) {
      const id = reports[shard]!;
      expect(shardOfId(id)).toBe(shard);
      const done = await waitForReport(caller.key, id);
      expect(done.status).toBe("completed");
      expect(done.score).toBeGreaterThan(0);
      expect((await rowsPerShard("reports", id))[shard]).toBe(1);
      const list = await call("/api/v1/reports", { key: caller.key });
      expect(list.json.data.map((r: { id: number }) => r.id)).toEqual([id]);
      const history = await call(`/api/v1/reports/${id}/history`, { key: caller.key });
      expect(history.status).toBe(200);
      expect(history.json.data).toHaveLength(1);
      const projects = await call("/api/v1/projects", { key: caller.key });
      expect(projects.json.data).toHaveLength(1);
      const changes = await call(`/api/v1/reports/${id}/changes`, { key: caller.key });
      expect(changes.status).toBe(200);
      // The public report page finds the row from the id alone, without a key.
      const page = await call(`/reports/${id}`, { key: null, headers: { Accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(page.text).toContain("known-page.html");
    }
  });

  it("another account's ids answer 404 wherever they live, for reads and writes", async () => {
    for (const caller of callers) {
      for (const id of reports) {
        if ((await rowsPerShard("reports", id))[caller.shard] === 1 && shardOfId(id) === caller.shard) continue;
        expect((await call(`/api/v1/reports/${id}`, { key: caller.key })).status).toBe(404);
        expect((await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { privacy: 1 } })).status).toBe(404);
        expect((await call(`/api/v1/reports/${id}/history`, { key: caller.key })).status).toBe(404);
      }
    }
    // An id of a shard this Worker does not bind is a plain 404 page.
    expect((await call(`/reports/${7 * 2 ** 40 + 1}`, { key: null, headers: { Accept: "text/html" } })).status).toBe(404);
  });

  it("the MCP tools of an account on shard 1 find its report there", async () => {
    const client = await mcpClient(callers[1]!.key);
    const text = textOf(await callTool(client, "get_report", { id: reports[1] }));
    expect(text).toContain(String(reports[1]));
    const other = await callTool(client, "get_report", { id: reports[2] });
    expect(other.isError).toBe(true);
    await client.close();
  });

  it("a webhook delivery and a crawl of an account on shard 2 run through their queues on shard 2", async () => {
    const caller = callers[2]!;
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url, ["crawl.completed"]);
    expect(shardOfId(hook.id)).toBe(2);
    expect((await call(`/api/v1/webhooks/${hook.id}/test`, { key: caller.key, method: "POST" })).status).toBe(202);
    const started = await startCrawl(caller.key, { url: site("/many/sitemap.xml"), source: "sitemap", limit: 3 });
    expect(started.status).toBe(201);
    const crawlId = started.json.data.id as number;
    expect(shardOfId(crawlId)).toBe(2);
    const crawl = await waitForCrawl(caller.key, crawlId);
    expect(crawl.status).toBe("completed");
    const pages = await call(`/api/v1/crawls/${crawlId}/pages`, { key: caller.key });
    expect(pages.json.data).toHaveLength(3);
    expect((await call(`/crawls/${crawlId}`, { key: null, headers: { Accept: "text/html" } })).status).toBe(200);
    expect((await call(`/api/v1/crawls/${crawlId}`, { key: callers[1]!.key })).status).toBe(404);
    const got = await waitForWebhooks(tag, 2);
    expect(got.map((d) => JSON.parse(d.body).type).sort()).toEqual(["crawl.completed", "webhook.test"]);
    // The consumer records the answer after the receiver has it: its rows, on shard 2, settle a moment later.
    const succeeded = () =>
      shardDb(2).prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ? AND status = 'succeeded'").bind(hook.id).first<{ n: number }>();
    await expect.poll(async () => (await succeeded())!.n, { timeout: 5000 }).toBe(2);
    expect(await rowsPerShard("crawls", crawlId)).toEqual([0, 0, 1]);
  });

  it("the cron sweeps every shard, and a failing shard keeps no other from its turn", async () => {
    const old = new Date(Date.now() - STALE_AFTER_MS - 60_000).toISOString();
    const lost: number[] = [];
    for (const caller of callers) {
      const res = await call("/api/v1/reports", { key: caller.key, form: { url: "https://lost.example/page" } });
      lost.push(res.json.data.id);
    }
    const setLost = () =>
      Promise.all(lost.map((id) => shardDb(shardOfId(id)).prepare("UPDATE reports SET status = 'queued', error_code = NULL, updated_at = ? WHERE id = ?").bind(old, id).run()));
    const statusOf = (id: number) => shardDb(shardOfId(id)).prepare("SELECT status, error_code FROM reports WHERE id = ?").bind(id).first();
    await setLost();
    let ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    for (const id of lost) expect(await statusOf(id)).toEqual({ status: "failed", error_code: "analysis_lost" });

    // Shard 1's database unavailable: its run fails (and the cron run says so), shards 0 and 2 are swept all the same.
    await setLost();
    const broken = new Proxy(shardDb(1), {
      get(target, property) {
        if (property === "prepare" || property === "batch") return () => { throw new Error("D1_ERROR: shard 1 unavailable"); };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    ctx = createExecutionContext();
    await expect(worker.scheduled(createScheduledController({ cron: "* * * * *" }), { ...env, DB_1: broken } as Env, ctx)).rejects.toThrow(/shard 1 unavailable/);
    await waitOnExecutionContext(ctx);
    expect(await statusOf(lost[0]!)).toEqual({ status: "failed", error_code: "analysis_lost" });
    expect(await statusOf(lost[1]!)).toEqual({ status: "queued", error_code: null });
    expect(await statusOf(lost[2]!)).toEqual({ status: "failed", error_code: "analysis_lost" });
  });
});
