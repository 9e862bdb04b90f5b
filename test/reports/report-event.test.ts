import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";
import { createEndpoint, hookUrl, waitForWebhooks } from "../helpers/webhooks";

const REPORT_KEYS = ["id", "url", "final_url", "project", "status", "score", "previous_score", "result", "previous_result", "issues", "error", "page_url", "generated_at"];

describe("a report's events as webhooks deliver them, verified by the standardwebhooks package", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("deliver");
  });

  it("a completed report arrives signed, with the headers and the payload of docs/monitoring.md", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await createEndpoint(caller, url, ["report.completed"]);
    const page = `${env.PAGE_SERVER}/fixtures/known-page.html`;
    const created = await call("/api/v1/reports", { key: caller.key, form: { url: page } });
    const report = await waitForReport(caller.key, created.json.data.id);
    expect(report.status).toBe("completed");
    const [delivery, ...more] = await waitForWebhooks(tag, 1);
    expect(more).toEqual([]);
    const headers = delivery!.headers;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toMatch(/^PagegradeBot\//);
    expect(headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers).not.toHaveProperty("authorization");

    // The independent verifier: passes on what we sent, fails on any change.
    const payload = new Webhook(hook.secret).verify(delivery!.body, headers) as any;
    expect(payload.type).toBe("report.completed");
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    expect(Object.keys(payload.data).sort()).toEqual([...REPORT_KEYS].sort());
    expect(payload.data).toMatchObject({
      id: report.id,
      url: page,
      final_url: page,
      project: "127.0.0.1",
      status: "completed",
      score: report.score,
      previous_score: null,
      result: report.result,
      previous_result: null,
      issues: report.issues,
      error: null,
      page_url: `https://pagegrade.test/reports/${report.id}`,
      generated_at: report.generated_at,
    });
    expect(delivery!.body.length).toBeLessThan(20_000);
    expect(() => new Webhook(hook.secret).verify(delivery!.body.replace('"completed"', '"failed"'), headers)).toThrow();
    const other = (await createEndpoint(caller, hookUrl("ok").url)).secret;
    expect(() => new Webhook(other).verify(delivery!.body, headers)).toThrow();

    const list = await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key: caller.key });
    expect(list.json.data).toEqual([
      {
        id: headers["webhook-id"],
        type: "report.completed",
        status: "succeeded",
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
        created_at: expect.any(String),
      },
    ]);
  });
});
