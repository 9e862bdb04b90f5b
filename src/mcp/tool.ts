import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Db } from "../db/client";
import type { RequestSession } from "../db/request-session";
import { ApiError } from "../http/errors";
import type { CrawlWriteDeps } from "../crawls/store-crawl";
import type { ReportWriteDeps } from "../reports/store-report";

/** What every tool of one request works with: the caller's account, fixed by the API key before any tool runs. */
export interface ToolContext {
  accountId: number;
  db: Db;
  session: RequestSession;
  /** The settings, queues and browser of report and crawl writes, read at the edge. */
  writes: ReportWriteDeps & CrawlWriteDeps;
  /** The service's origin, for the `page_url` of reports and crawls. */
  origin: string;
}

/** A tool as data: its contract (name, description, schemas) and a plain function from arguments to a result. */
export interface Tool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** What it does, when to use it and when not to: the model picks tools by this text. */
  description: string;
  input: I;
  output: O;
  annotations?: ToolAnnotations;
  /** `data` is checked against `output` by the SDK on every call (a mismatch is an isError result, and fails the tests). */
  run(args: z.output<I>, ctx: ToolContext): Promise<{ data: Record<string, unknown>; text: string }>;
}

/** Types a tool's `run` from its schemas. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: Tool<I, O>): Tool => tool as unknown as Tool;

/**
 * The shared part of every tool, written once: the data as `structuredContent` (the SDK checks it against the
 * output schema) with a short text, and any ApiError (not found, a field's message, over a limit) as an `isError`
 * result carrying the API's sentence. Anything else is logged and answered in general words: its message may
 * carry internals such as a D1 error.
 */
async function answer(tool: Tool, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  try {
    const { data, text } = await tool.run(args as never, ctx);
    return { content: [{ type: "text", text }], structuredContent: data as Record<string, unknown> };
  } catch (error) {
    if (error instanceof ApiError) return { isError: true, content: [{ type: "text", text: error.message }] };
    console.error(`mcp tool ${tool.name} failed`, error);
    return { isError: true, content: [{ type: "text", text: "Something went wrong on our side. Please try again." }] };
  }
}

export function registerTools(server: McpServer, tools: readonly Tool[], ctx: ToolContext) {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      (args: unknown) => answer(tool, args, ctx),
    );
  }
}
