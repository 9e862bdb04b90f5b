import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
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
  run(args: z.output<I>, ctx: ToolContext, progress: Progress | null): Promise<{ data: Record<string, unknown>; text: string }>;
}

/**
 * Sends an MCP progress notification for the call (`notifications/progress`, on the call's own response stream):
 * `progress` must grow from one to the next; `total` when known. Null when the client asked for none (no
 * `progressToken` in the call's `_meta`). Never throws: a client gone away loses its progress, not the call.
 */
export type Progress = (progress: number, total: number | undefined, message: string) => Promise<void>;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

function progressOf(extra: Extra | undefined): Progress | null {
  const progressToken = extra?._meta?.progressToken;
  if (progressToken === undefined || !extra) return null;
  return async (progress, total, message) => {
    await extra
      .sendNotification({ method: "notifications/progress", params: { progressToken, progress, ...(total !== undefined && { total }), message } })
      .catch((error: unknown) => console.warn("mcp progress not sent", error));
  };
}

/** Types a tool's `run` from its schemas. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: Tool<I, O>): Tool => tool as unknown as Tool;

/**
 * The shared part of every tool, written once: the data as `structuredContent` (the SDK checks it against the
 * output schema) with a short text, and any ApiError (not found, a field's message, over a limit) as an `isError`
 * result carrying the API's sentence. Anything else is logged and answered in general words: its message may
 * carry internals such as a D1 error.
 */
async function answer(tool: Tool, args: unknown, ctx: ToolContext, progress: Progress | null): Promise<CallToolResult> {
  try {
    const { data, text } = await tool.run(args as never, ctx, progress);
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
      (args: unknown, extra: Extra) => answer(tool, args, ctx, progressOf(extra)),
    );
  }
}
