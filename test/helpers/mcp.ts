import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import worker from "../../src/index";
import { BASE } from "./api";

export const MCP_URL = new URL(`${BASE}/mcp`);

/** Every request of the SDK's client goes through the Worker's own fetch handler (SSE bodies and 401s included). */
const workerFetch = (url: string | URL, init?: RequestInit) => exports.default.fetch(new Request(url, init));

/** The same handler over another env: the same Worker as another server's configuration would run it. */
const workerFetchWith = (serverEnv: Env) => async (url: string | URL, init?: RequestInit) => {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(url, init) as Request<unknown, IncomingRequestCfProperties>, serverEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
};

/** The SDK's own client over Streamable HTTP, connected (initialize) with `key`; close it when done. */
export async function mcpClient(key: string | null, serverEnv?: Env) {
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    fetch: serverEnv ? workerFetchWith(serverEnv) : workerFetch,
    requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : undefined,
  });
  const client = new Client({ name: "pagegrade-test", version: "0.0.0" });
  await client.connect(transport);
  return client;
}

export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Record<string, any> };

export const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
