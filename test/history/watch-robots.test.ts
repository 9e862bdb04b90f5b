import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { call, createCaller, type Caller } from "../helpers/api";
import { audit, watchedPage } from "../helpers/watched-site";
import { hookUrl, received, waitForWebhooks } from "../helpers/webhooks";

const MINUTE = 60_000;
let clock = 0;

/** One cron tick, `minutes` after the last one: the watch is due again once ROBOTS_WATCH_MINUTES (15) have passed. */
async function tick(minutes: number) {
  clock = Math.max(clock, Date.now()) + minutes * MINUTE;
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: clock }), env, ctx);
}

const setRobots = (body: string, status = 200) => fetch(`${env.WATCHED_SITE}/__robots?${new URLSearchParams({ body, status: String(status) })}`);

describe("robots.txt watch through the cron", () => {
  let caller: Caller;
  let project: string;
  let path: string;
  beforeAll(async () => {
    caller = await createCaller("robots-watch");
    await setRobots("User-agent: *\nDisallow: /private/\n");
    const page = watchedPage("robots");
    await audit(caller, page.url);
    project = new URL(env.WATCHED_SITE).hostname;
    path = new URL(page.url).pathname;
  }, 60_000);

  it("PATCH watch_robots=1 is shown on the project; bad values are 422; another account's project is 404", async () => {
    const res = await call(`/api/v1/projects/${project}`, { key: caller.key, method: "PATCH", form: { watch_robots: 1 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ project, reports: 1, watch_robots: true });
    const listed = await call(`/api/v1/projects`, { key: caller.key });
    expect(listed.json.data[0]).toMatchObject({ project, watch_robots: true });
    const bad = await call(`/api/v1/projects/${project}`, { key: caller.key, method: "PATCH", form: { watch_robots: "maybe" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(["watch_robots"]);
    const other = await createCaller("robots-watch-other");
    expect((await call(`/api/v1/projects/${project}`, { key: other.key, method: "PATCH", form: { watch_robots: 1 } })).status).toBe(404);
  });

  it("records content changes, a watched page now disallowed and an unreachable file in the project's log, and sends project.changed", async () => {
    const { tag, url } = hookUrl("ok");
    const hook = await call("/api/v1/webhooks", { key: caller.key, json: { url, events: ["project.changed"], min_severity: "info" } });
    expect(hook.status, hook.text).toBe(201);
    const log = async () => (await call(`/api/v1/projects/${project}/changes?field=robots_txt&per_page=100`, { key: caller.key })).json;

    // The first read is the baseline: nothing changed yet.
    await tick(0);
    expect((await log()).meta.total).toBe(0);

    // Not due again before ROBOTS_WATCH_MINUTES: a change in between is not read yet.
    await setRobots(`User-agent: *\nDisallow: /private/\nDisallow: ${path}\n`);
    await tick(5);
    expect((await log()).meta.total).toBe(0);

    await tick(15);
    const changed = await log();
    expect(changed.meta.total).toBe(2);
    expect(changed.data.map((c: any) => [c.severity, c.before, c.after])).toEqual(
      expect.arrayContaining([
        ["critical", `allows ${path}`, `disallows ${path}`],
        ["warning", expect.stringMatching(/^\d+ characters, [0-9a-f]{14}$/), expect.stringMatching(/^\d+ characters/)],
      ]),
    );
    expect(changed.data.every((c: any) => c.report === null && c.project === project)).toBe(true);
    const [event] = await waitForWebhooks(tag, 1);
    const payload = JSON.parse(event!.body);
    expect(payload).toMatchObject({ type: "project.changed", data: { project, more: 0 } });
    expect(payload.data.changes).toHaveLength(2);

    // Unreachable: critical.
    await setRobots("down", 503);
    await tick(16);
    const down = await log();
    expect(down.meta.total).toBe(3);
    expect(down.data[0]).toMatchObject({ severity: "critical", after: "unreachable" });
    expect(await waitForWebhooks(tag, 2)).toHaveLength(2);

    // Unchanged: nothing new, no event.
    await tick(16);
    expect((await log()).meta.total).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await received(tag)).toHaveLength(2);
    await setRobots("User-agent: *\nDisallow: /private/\n");
  }, 60_000);
});
