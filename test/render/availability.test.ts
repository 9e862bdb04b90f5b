// render=1 where no browser is configured: the spec's 422, and nothing stored or queued (docs/rendering.md).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { BASE, createCaller } from "../helpers/api";

/** The Worker's own fetch handler over another env: the same routes, another server's configuration. */
async function callWith(serverEnv: Env, path: string, key: string, form: Record<string, string | number>, method = "POST") {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, {
    method,
    headers: { Accept: "application/json", Authorization: `Bearer ${key}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, serverEnv, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, json: (await response.json()) as any };
}

const { BROWSER: _browser, ...withoutBinding } = env;
const servers = {
  "no browser binding": withoutBinding as unknown as Env,
  "RENDERING=false": { ...env, RENDERING: "false" } as Env,
};

describe.each(Object.entries(servers))("render=1 on a server with %s", (_, serverEnv) => {
  it("is a 422 with the spec's message, and no report, crawl or analysis is made", async () => {
    const caller = await createCaller("no browser");
    const page = `${env.PAGE_SERVER}/render/static`;
    for (const path of ["/api/v1/reports", "/api/v1/crawls"]) {
      const res = await callWith(serverEnv, path, caller.key, { url: page, render: 1 });
      expect(res.status).toBe(422);
      expect(res.json.message).toBe("Rendering is not available on this server.");
      expect(res.json.errors).toEqual({ render: ["Rendering is not available on this server."] });
    }
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM reports WHERE account_id = ?1) AS reports, (SELECT count(*) FROM crawls WHERE account_id = ?1) AS crawls",
    )
      .bind(caller.accountId)
      .first();
    expect(counts).toEqual({ reports: 0, crawls: 0 });

    // An unrendered report is made as usual; turning rendering on for it is refused and changes nothing.
    const plain = await callWith(serverEnv, "/api/v1/reports", caller.key, { url: page });
    expect(plain.status).toBe(201);
    const id = plain.json.data.id;
    const generation = await env.DB.prepare("SELECT generation FROM reports WHERE id = ?").bind(id).first("generation");
    const update = await callWith(serverEnv, `/api/v1/reports/${id}`, caller.key, { render: 1, update: 1 }, "PATCH");
    expect(update.status).toBe(422);
    expect(update.json.message).toBe("Rendering is not available on this server.");
    const row = await env.DB.prepare("SELECT render, generation FROM reports WHERE id = ?").bind(id).first();
    expect(row).toEqual({ render: 0, generation });
  });
});
