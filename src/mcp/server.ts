import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { crawlTools } from "./crawls-tools";
import { crawlIssueTools } from "./crawl-issue-tools";
import { reportTools } from "./reports-tools";
import { changeTools } from "./changes-tools";
import { registerTools, type ToolContext } from "./tool";

/** Every tool /mcp offers. */
export const tools = [...reportTools, ...changeTools, ...crawlTools, ...crawlIssueTools];
export const toolNames: ReadonlySet<string> = new Set(tools.map((tool) => tool.name));

/**
 * The SDK's server builds an Ajv instance per server unless given a validator, and only uses it to check
 * elicitation answers, which this server never requests. This one skips that work on every request and lets the
 * build leave Ajv out (the `[alias]` of wrangler.toml, docs/mcp.md).
 */
const noElicitation: jsonSchemaValidator = {
  getValidator() {
    throw new Error("This server sends no elicitation requests.");
  },
};

/** One server per request: stateless, and every tool it registers works for the caller's account only. */
export function createMcpServer(ctx: ToolContext) {
  const server = new McpServer({ name: "pagegrade", version: "1" }, { jsonSchemaValidator: noElicitation });
  registerTools(server, tools, ctx);
  return server;
}
