import { StreamableHTTPTransport } from "@hono/mcp";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { rateLimitPerKey, requireApiKey } from "../http/auth";
import { d1Session } from "../http/d1-session";
import { withSettings } from "../http/settings";
import { writeDeps } from "../routes/write-deps";
import { limitBody } from "../http/body-limit";
import { createMcpServer, toolNames } from "./server";

/**
 * The SDK answers a call to an unknown tool as a tool result with isError; the protocol's answer is a JSON-RPC
 * error (Invalid params), as for any unknown method, so a mistyped name is not mistaken for a failed audit.
 */
function unknownToolCall(body: unknown) {
  const message = body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown } } | null;
  if (message?.method !== "tools/call" || message.id === undefined || typeof message.params?.name !== "string") return undefined;
  if (toolNames.has(message.params.name)) return undefined;
  return { jsonrpc: "2.0", id: message.id, error: { code: -32602, message: `Unknown tool: ${message.params.name}` } };
}

/** `/mcp`: the API as MCP tools (docs/mcp.md), behind the same key, rate limit and body limit as the API. */
export const mcpRoutes = new Hono<AppEnv>();

mcpRoutes.use(withSettings, d1Session, requireApiKey, rateLimitPerKey, limitBody);

// Stateless: a new server and transport for every POST. One per isolate would mix callers: the transport maps
// answers by JSON-RPC id (every client counts from the same number), and the tools would not know whose key it was.
mcpRoutes.post("/", async (c) => {
  const body = await c.req.json().catch(() => undefined);
  const unknown = unknownToolCall(body);
  if (unknown) return c.json(unknown, 200);
  const origin = new URL(c.req.url).origin;
  const { caller, db, session } = c.var;
  const server = createMcpServer({ accountId: caller.accountId, db, session, writes: writeDeps(c), origin });
  const transport = new StreamableHTTPTransport(); // no sessionIdGenerator: stateless, no Mcp-Session-Id
  await server.connect(transport);
  return (await transport.handleRequest(c, body))!;
});

// Without sessions there is nothing to push on a standalone GET stream and no session to DELETE: 405 is the answer
// the protocol allows, and clients read it as "no stream" / "nothing to end".
mcpRoutes.on(["GET", "DELETE"], "/", (c) =>
  c.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }, 405, { Allow: "POST" }),
);
