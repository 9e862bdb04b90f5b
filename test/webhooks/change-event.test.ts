import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { audit, reaudit, steer, watchedPage } from "../helpers/watched-site";
import { hookUrl, received, waitForWebhooks } from "../helpers/webhooks";

const REPORT_KEYS = ["id", "url", "final_url", "project", "status", "score", "previous_score", "result", "previous_result", "issues", "error", "page_url", "generated_at"];

async function endpoint(caller: Caller, body: Record<string, unknown>) {
  const res = await call("/api/v1/webhooks", { key: caller.key, json: body });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: number; secret: string; min_severity: string; format: string };
}

describe("report.changed: the changes of a generation, at each endpoint's min_severity, standard or Slack", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("change-events");
  });

  it("sends the changes at or above min_severity: standard verified by standardwebhooks, Slack as one line per change", async () => {
    const standard = hookUrl("ok");
    const slack = hookUrl("ok");
    const strict = hookUrl("ok");
    const hook = await endpoint(caller, { url: standard.url, events: ["report.changed"] });
    expect(hook).toMatchObject({ min_severity: "warning", format: "standard" });
    const slackHook = await endpoint(caller, { url: slack.url, events: ["report.changed"], format: "slack", min_severity: "info" });
    expect(slackHook).toMatchObject({ min_severity: "info", format: "slack" });
    await endpoint(caller, { url: strict.url, events: ["*"], min_severity: "critical" });

    const page = watchedPage("events");
    const id = await audit(caller, page.url);
    // The first generation changes nothing: no report.changed anywhere (strict has report.completed through `*`).
    await waitForWebhooks(strict.tag, 1);
    expect(await received(standard.tag)).toEqual([]);
    expect(await received(slack.tag)).toEqual([]);

    // A warning: the standard and Slack endpoints hear of it, the critical-only one does not.
    await steer(page.name, { title: "Spring sale: every shoe half price" });
    await reaudit(caller, id);
    const [delivery, ...more] = await waitForWebhooks(standard.tag, 1);
    expect(more).toEqual([]);
    const payload = new Webhook(hook.secret).verify(delivery!.body, delivery!.headers) as any;
    expect(payload.type).toBe("report.changed");
    expect(Object.keys(payload.data).sort()).toEqual([...REPORT_KEYS, "changes", "more"].sort());
    expect(payload.data).toMatchObject({
      id,
      status: "completed",
      page_url: `https://pagegrade.test/reports/${id}`,
      changes: [{ field: "title", before: "A watched page for the change log", after: "Spring sale: every shoe half price", severity: "warning" }],
      more: 0,
    });

    const [message] = await waitForWebhooks(slack.tag, 1);
    expect(message!.headers).not.toHaveProperty("webhook-signature");
    expect(message!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(message!.body)).toEqual({
      text: [
        `pagegrade: 1 change(s) on <https://pagegrade.test/reports/${id}|${page.url}>`,
        "• *warning* title: A watched page for the change log -> Spring sale: every shoe half price",
      ].join("\n"),
    });

    // A critical change: now the critical-only endpoint gets report.changed with it alone.
    await steer(page.name, { title: "Spring sale: every shoe half price", robots: "noindex, nofollow" });
    await reaudit(caller, id);
    const strictChanged = async () => (await received(strict.tag)).filter((d) => JSON.parse(d.body).type === "report.changed");
    for (let i = 0; i < 150 && (await strictChanged()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const changed = await strictChanged();
    expect(changed).toHaveLength(1);
    expect(JSON.parse(changed[0]!.body).data.changes).toEqual([
      { field: "indexable", before: "indexable", after: "not indexable: noindex in meta robots", severity: "critical" },
    ]);
    // Exactly one report.changed per generation and endpoint.
    expect(await waitForWebhooks(standard.tag, 2)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await received(standard.tag)).toHaveLength(2);
    expect((await strictChanged()).length).toBe(1);
  }, 90_000);

  it("min_severity=critical: of a generation with a warning and a critical change, only the critical one is sent", async () => {
    const strict = hookUrl("ok");
    const every = hookUrl("ok");
    const hook = await endpoint(caller, { url: strict.url, events: ["report.changed"], min_severity: "critical" });
    await endpoint(caller, { url: every.url, events: ["report.changed"], min_severity: "info" });
    const page = watchedPage("mixed");
    const id = await audit(caller, page.url);
    // One generation, two changes: the title (warning) and a noindex (critical).
    await steer(page.name, { title: "A new title and a noindex at once", robots: "noindex" });
    await reaudit(caller, id);
    const [all] = await waitForWebhooks(every.tag, 1);
    expect(JSON.parse(all!.body).data.changes.map((c: any) => [c.field, c.severity])).toEqual([
      ["indexable", "critical"],
      ["title", "warning"],
    ]);
    const [delivery, ...more] = await waitForWebhooks(strict.tag, 1);
    expect(more).toEqual([]);
    const payload = new Webhook(hook.secret).verify(delivery!.body, delivery!.headers) as any;
    expect(payload.data.changes).toEqual([{ field: "indexable", before: "indexable", after: "not indexable: noindex in meta robots", severity: "critical" }]);
    expect(payload.data.more).toBe(0);
  }, 60_000);

  it("min_severity and format are validated on POST and PATCH, naming the field", async () => {
    const { url } = hookUrl("ok");
    const bad = await call("/api/v1/webhooks", { key: caller.key, json: { url, events: ["*"], min_severity: "loud" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(["min_severity"]);
    const hook = await endpoint(caller, { url, events: ["report.changed"] });
    const patched = await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key, method: "PATCH", form: { min_severity: "critical", format: "slack" } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.data).toMatchObject({ min_severity: "critical", format: "slack" });
    const wrong = await call(`/api/v1/webhooks/${hook.id}`, { key: caller.key, method: "PATCH", form: { format: "teams" } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.errors)).toEqual(["format"]);
  });
});
