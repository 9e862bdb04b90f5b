import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { shardOfId } from "../../../src/db/shards";
import { call } from "../../helpers/api";
import { createCallerOn, shardDb } from "../../helpers/shards";
import { waitForReport } from "../../helpers/wait-report";

const DAY = 86_400;

/** One run of the Worker's cron, as Cloudflare's scheduler calls it. */
async function cronRun() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the cron's due schedules on every shard", () => {
  it("regenerates each shard's due report through that shard's queue, once, and moves each one's next run on its grid", async () => {
    const reports: { key: string; id: number }[] = [];
    for (const shard of [0, 1, 2]) {
      const caller = await createCallerOn(shard, `cron-schedules-${shard}`);
      const res = await call("/api/v1/reports", { key: caller.key, json: { url: `${env.PAGE_SERVER}/fixtures/known-page.html`, schedule: "daily" } });
      expect(res.status).toBe(201);
      const id = res.json.data.id as number;
      expect(shardOfId(id)).toBe(shard);
      expect((await waitForReport(caller.key, id)).status).toBe("completed");
      reports.push({ key: caller.key, id });
    }
    // Every schedule due half a minute ago, on its own shard's database.
    const planned = Math.floor(Date.now() / 1000) - 30;
    for (const { id } of reports) {
      await shardDb(shardOfId(id)).prepare("UPDATE reports SET next_run_at = ? WHERE id = ?").bind(planned, id).run();
    }
    await cronRun();
    for (const { key, id } of reports) {
      const row = await shardDb(shardOfId(id)).prepare("SELECT generation, next_run_at FROM reports WHERE id = ?").bind(id).first();
      expect(row).toEqual({ generation: 2, next_run_at: planned + DAY });
      const done = await waitForReport(key, id);
      expect(done.status).toBe("completed");
      const history = await call(`/api/v1/reports/${id}/history`, { key });
      expect(history.json.data).toHaveLength(2);
    }
    // A second run finds nothing due on any shard: no third generation anywhere.
    await cronRun();
    for (const { id } of reports) {
      const row = await shardDb(shardOfId(id)).prepare("SELECT generation FROM reports WHERE id = ?").bind(id).first<{ generation: number }>();
      expect(row!.generation).toBe(2);
    }
  });
});
