import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../../src/http/errors";
import { defineTool, registerTools, type ToolContext } from "../../src/mcp/tool";

type Handler = (args: unknown) => Promise<unknown>;

/** What registerTools hands the SDK's server: each tool's contract and handler, by name. */
function registered(run: (args: { n: number }) => Promise<{ data: Record<string, unknown>; text: string }>) {
  const tools = new Map<string, { config: Record<string, unknown>; handler: Handler }>();
  const server = { registerTool: (name: string, config: Record<string, unknown>, handler: Handler) => tools.set(name, { config, handler }) };
  const tool = defineTool({ name: "double", title: "Double", description: "Doubles n.", input: z.object({ n: z.number() }), output: z.object({ n: z.number() }), run });
  registerTools(server as never, [tool], { accountId: 1 } as ToolContext);
  return tools.get("double")!;
}

afterEach(() => vi.restoreAllMocks());

describe("registerTools", () => {
  it("registers the tool's contract, and answers with its data and text", async () => {
    const tool = registered(async ({ n }) => ({ data: { n: n * 2 }, text: `${n * 2}` }));
    expect(tool.config).toMatchObject({ title: "Double", description: "Doubles n." });
    expect(await tool.handler({ n: 4 })).toEqual({ content: [{ type: "text", text: "8" }], structuredContent: { n: 8 } });
  });

  it("answers an ApiError with its sentence as an isError result", async () => {
    const tool = registered(async () => {
      throw new ApiError(404, "Resource not found.");
    });
    expect(await tool.handler({ n: 1 })).toEqual({ isError: true, content: [{ type: "text", text: "Resource not found." }] });
  });

  it("logs any other error and answers in general words, never its message", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const tool = registered(async () => {
      throw new Error("D1_ERROR: no such table: secrets");
    });
    const result = await tool.handler({ n: 1 });
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "Something went wrong on our side. Please try again." }] });
    expect(JSON.stringify(result)).not.toContain("D1_ERROR");
    expect(logged).toHaveBeenCalledWith("mcp tool double failed", expect.any(Error));
  });
});
