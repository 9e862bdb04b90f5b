import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { env, exports } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { call, createCaller } from "../helpers/api";
import { callTool, MCP_URL, mcpClient } from "../helpers/mcp";
import { inOneMinute, projectStatuses } from "../helpers/rate-limit";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};
const mcpHeaders = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

const post = (headers: Record<string, string>, body: string = JSON.stringify(initialize)) =>
  exports.default.fetch(new Request(MCP_URL, { method: "POST", headers: { ...mcpHeaders, ...headers }, body }));

describe("/mcp over HTTP", () => {
  it.each([
    ["no key", {}],
    ["an unknown key", { Authorization: `Bearer pg_${"A".repeat(43)}` }],
  ])("answers %s with 401 and WWW-Authenticate: Bearer, which the SDK's client reports as a 401", async (_, headers) => {
    const res = await post(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(await res.json()).toEqual({ message: "Unauthenticated.", status: 401 });
    const error = await mcpClient(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect(error).toMatchObject({ code: 401 });
  });

  it("refuses a revoked key at once, even to a client that connected with it", async () => {
    const caller = await createCaller("mcp-revoked");
    const client = await mcpClient(caller.key);
    await env.DB.prepare("UPDATE api_keys SET revoked_at = 'now' WHERE account_id = ?").bind(caller.accountId).run();
    const error = await client.listTools().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 401 });
    await client.close();
  });

  it("is stateless: a tools/call works without an initialize first, and no session id is issued", async () => {
    const { key } = await createCaller("mcp-raw");
    const res = await post(
      { Authorization: `Bearer ${key}` },
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_reports", arguments: {} } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const data = JSON.parse((await res.text()).split("\n").find((line) => line.startsWith("data: "))!.slice(6));
    expect(data).toMatchObject({ id: 7, result: { structuredContent: { reports: [], total: 0, page: 1 } } });
  });

  it.each(["GET", "DELETE"])("answers %s with 405 and Allow: POST (no standalone stream, no session to end)", async (method) => {
    const { key } = await createCaller("mcp-get");
    const res = await exports.default.fetch(new Request(MCP_URL, { method, headers: { Authorization: `Bearer ${key}`, Accept: "text/event-stream" } }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null });
  });

  it("answers malformed JSON and a wrong Content-Type with the transport's JSON-RPC errors", async () => {
    const { key } = await createCaller("mcp-malformed");
    const broken = await post({ Authorization: `Bearer ${key}` }, "{not json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    const form = await post({ Authorization: `Bearer ${key}`, "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ jsonrpc: "2.0", error: { message: "Unsupported Media Type: Content-Type must be application/json" } });
  });

  it("refuses a body over 64 KiB with 413, as the API does", async () => {
    const { key } = await createCaller("mcp-big");
    const big = JSON.stringify({ ...initialize, params: { ...initialize.params, padding: "x".repeat(70 * 1024) } });
    const res = await post({ Authorization: `Bearer ${key}` }, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request body is larger than 64 KiB.", status: 413 });
  });

  it("shares the API's per-key rate limit: over it, the client's call fails with HTTP 429", async () => {
    const { client, statuses, error } = await inOneMinute(async () => {
      const caller = await createCaller("mcp-busy");
      const client = await mcpClient(caller.key);
      let statuses: number[] = [];
      for (let i = 0; i < 25 && !statuses.includes(429); i++) statuses = await projectStatuses(caller.key, 20);
      return { client, statuses, error: await callTool(client, "list_reports").catch((e: unknown) => e) };
    });
    expect(statuses).toContain(429);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect(error).toMatchObject({ code: 429 });
    expect((error as Error).message).toContain("Too many requests: the limit is 240 a minute per API key.");
    await client.close();
  }, 120_000);

  it("is left out of an app built with createApp({ mcp: false })", async () => {
    const { key } = await createCaller("mcp-off");
    const request = () => new Request(MCP_URL, { method: "POST", headers: { ...mcpHeaders, Authorization: `Bearer ${key}` }, body: JSON.stringify(initialize) });
    expect((await createApp({ mcp: false }).fetch(request(), env, createExecutionContext())).status).toBe(404);
    expect((await createApp().fetch(request(), env, createExecutionContext())).status).toBe(200);
  });
});
