import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError, type CallToolResult, type Progress } from "@modelcontextprotocol/sdk/types.js";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { site, waitForCrawl } from "../helpers/crawl";
import { callTool, mcpClient, textOf } from "../helpers/mcp";
import { audit, reaudit, steer, watchedPage } from "../helpers/watched-site";
import { waitForReport } from "../helpers/wait-report";

const knownPage = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;
const samplePage = () => `${env.PAGE_SERVER}/fixtures/sample-page.html`;

describe("/mcp tools with the SDK's own client", () => {
  let caller: Caller;
  let client: Client;
  let other: Client;
  beforeAll(async () => {
    caller = await createCaller("mcp");
    client = await mcpClient(caller.key);
    other = await mcpClient((await createCaller("mcp-other")).key);
  });
  afterAll(async () => {
    await Promise.all([client.close(), other.close()]);
  });

  it("lists the eleven tools, each with a description and its input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["audit_page", "compare_crawls", "get_crawl", "get_report", "list_changes", "list_crawl_issues", "list_crawl_pages", "list_reports", "regenerate_report", "report_history", "start_crawl"],
    );
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(150);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    const audit = tools.find((t) => t.name === "audit_page")!;
    expect(audit.inputSchema.required).toEqual(["url"]);
    expect(audit.inputSchema.properties).toMatchObject({
      url: { type: "string", maxLength: 2048 },
      wait_seconds: { type: "integer", minimum: 0, maximum: 25, default: 20 },
      render: { default: 0 },
    });
    expect(Object.keys(audit.inputSchema.properties!)).toEqual(["url", "wait_seconds", "privacy", "password", "render", "device"]);
    expect(audit.outputSchema!.required).toEqual(expect.arrayContaining(["id", "status", "score", "failed_checks"]));
    const pages = tools.find((t) => t.name === "list_crawl_pages")!;
    expect(pages.inputSchema.properties).toMatchObject({ id: { type: "integer", exclusiveMinimum: 0 }, state: { enum: ["pending", "audited", "failed", "blocked"] }, found_via: { enum: ["sitemap", "links", "both"] } });
    expect(pages.outputSchema).toHaveProperty("properties.pages.items.properties.found_via.enum", ["sitemap", "links", "both"]);
    expect(tools.find((t) => t.name === "start_crawl")!.inputSchema.properties).toHaveProperty("source.enum", ["auto", "sitemap", "links"]);
  });

  it("audit_page audits a local page through the queue and returns the score and failed checks with their fixes", async () => {
    const result = await callTool(client, "audit_page", { url: knownPage(), wait_seconds: 20 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const report = result.structuredContent!;
    expect(report.status).toBe("completed");
    // The same report the API shows, analysed by the queue consumer.
    const api = await call(`/api/v1/reports/${report.id}`, { key: caller.key });
    expect(api.json.data).toMatchObject({ id: report.id, url: knownPage(), status: "completed", score: report.score });
    const failedIds = Object.entries(api.json.data.results).filter(([, v]: [string, any]) => !v.passed).map(([id]) => id);
    expect(report.failed_checks.map((c: { id: string }) => c.id).sort()).toEqual(failedIds.sort());
    expect(failedIds.length).toBeGreaterThan(0);
    for (const check of report.failed_checks) expect(check.fix.length, check.id).toBeGreaterThan(10);
    const ranks = report.failed_checks.map((c: { importance: string }) => ["high", "medium", "low"].indexOf(c.importance));
    expect(ranks).toEqual([...ranks].sort());
    expect(report).not.toHaveProperty("results");
    expect(textOf(result)).toBe(
      `Report ${report.id} for ${knownPage()}: score ${report.score} (${report.result}), ${failedIds.length} failed check${failedIds.length > 1 ? "s" : ""}: ` +
        `${report.failed_checks.map((c: any) => `${c.id} (${c.importance})`).join(", ")}. Full report: https://pagegrade.test/reports/${report.id}`,
    );
  });

  it("audit_page with wait_seconds 0 answers at once with the id and status to poll; get_report then sees it settle", async () => {
    const result = await callTool(client, "audit_page", { url: samplePage(), wait_seconds: 0 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const { id, status, score, failed_checks } = result.structuredContent!;
    expect(["queued", "processing"]).toContain(status);
    expect({ score, failed_checks }).toEqual({ score: null, failed_checks: [] });
    expect(textOf(result)).toBe(`Report ${id} for ${samplePage()} is ${status}; call get_report with id ${id} in a few seconds for the result.`);
    await waitForReport(caller.key, id);
    const got = await callTool(client, "get_report", { id, include: "all_checks" });
    expect(got.structuredContent).toMatchObject({ id, status: "completed" });
    expect(Object.keys(got.structuredContent!.results).length).toBeGreaterThan(20);
  });

  it("audit_page sends progress notifications while it waits when the client asks (onprogress), and none when it does not", async () => {
    const seen: Progress[] = [];
    // A page of its own: list_reports below counts the account's reports of known-page.
    const result = (await client.callTool({ name: "audit_page", arguments: { url: `${env.PAGE_SERVER}/fixtures/blogger-post.html`, wait_seconds: 20 } }, undefined, {
      onprogress: (progress) => void seen.push(progress),
    })) as CallToolResult & { structuredContent?: Record<string, any> };
    expect(result.isError, textOf(result)).toBeFalsy();
    const { id, status } = result.structuredContent!;
    expect(status).toBe("completed");
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toEqual({ progress: expect.any(Number), total: 20, message: expect.stringMatching(new RegExp(`^Report ${id} is (queued|processing)\\.$`)) });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);

    // The same call without a progressToken: the response stream carries the result alone.
    const streams: string[] = [];
    const raw = await call("/mcp", {
      key: caller.key,
      headers: { Accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "audit_page", arguments: { url: `${env.PAGE_SERVER}/fixtures/list-before-article.html`, wait_seconds: 20 } } },
    });
    streams.push(raw.text);
    const withToken = await call("/mcp", {
      key: caller.key,
      headers: { Accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "audit_page", arguments: { url: `${env.PAGE_SERVER}/fixtures/list-before-article.html`, wait_seconds: 20 }, _meta: { progressToken: "t-8" } } },
    });
    streams.push(withToken.text);
    const events = streams.map((text) => text.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6))));
    expect(events[0]!.map((event) => event.method ?? `result ${event.id}`)).toEqual(["result 7"]);
    expect(events[1]!.at(-1)).toMatchObject({ id: 8, result: { structuredContent: { status: "completed" } } });
    const progress = events[1]!.filter((event) => event.method === "notifications/progress");
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0].params).toMatchObject({ progressToken: "t-8", total: 20 });
  });

  it("list_reports lists the account's reports without their checks, filtered and paged", async () => {
    const result = await callTool(client, "list_reports", { search: "known-page", per_page: 25 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const { reports, total, page, per_page, last_page } = result.structuredContent!;
    expect({ total, page, per_page, last_page }).toEqual({ total: 1, page: 1, per_page: 25, last_page: 1 });
    expect(reports[0]).toMatchObject({ url: knownPage(), status: "completed" });
    expect(reports[0]).not.toHaveProperty("results");
    expect((await callTool(other, "list_reports")).structuredContent).toMatchObject({ reports: [], total: 0 });
  });

  it("regenerate_report queues a new generation; report_history then lists both with their changes", async () => {
    const audited = (await callTool(client, "audit_page", { url: knownPage() })).structuredContent!;
    const result = await callTool(client, "regenerate_report", { id: audited.id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: audited.id, status: "queued" });
    expect((await waitForReport(caller.key, audited.id)).status).toBe("completed");
    const history = await callTool(client, "report_history", { id: audited.id });
    expect(history.isError, textOf(history)).toBeFalsy();
    const { entries, total } = history.structuredContent!;
    expect(total).toBe(2);
    expect(entries.map((e: any) => e.generation)).toEqual([2, 1]);
    expect(entries[0].changes).toEqual({ score_delta: 0, newly_failed: [], newly_passed: [] });
    expect(textOf(history)).toBe(`Report ${audited.id}: 2 audits; generation 2 completed ${audited.score} (+0); generation 1 completed ${audited.score}.`);
  });

  it("list_changes lists what changed on a report's page and across its project; another account's is not found", async () => {
    const page = watchedPage("mcp");
    const id = await audit(caller, page.url);
    await steer(page.name, { title: "A title the MCP tool reports" });
    await reaudit(caller, id);
    const result = await callTool(client, "list_changes", { report: id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      changes: [{ report: id, field: "title", before: "A watched page for the change log", after: "A title the MCP tool reports", severity: "warning", generation: 2 }],
      total: 1,
      page: 1,
    });
    expect(textOf(result)).toBe(`Report ${id}: 1 change\nwarning title (report ${id}): A watched page for the change log -> A title the MCP tool reports`);
    const project = await callTool(client, "list_changes", { project: new URL(page.url).hostname, severity: "critical" });
    expect(project.structuredContent).toMatchObject({ changes: [], total: 0 });
    expect((await callTool(client, "list_changes", {})).isError).toBe(true);
    expect((await callTool(other, "list_changes", { report: id })).isError).toBe(true);
  });

  it("start_crawl, get_crawl and list_crawl_pages audit the test site and list its pages worst first", async () => {
    const started = await callTool(client, "start_crawl", { url: site("/site/"), limit: 4, rate: 2 });
    expect(started.isError, textOf(started)).toBeFalsy();
    expect(started.structuredContent).toMatchObject({ status: "discovering", limit: 4, source: "auto", rate: 2, current_rate: 1 });
    const id = started.structuredContent!.id;
    expect((await waitForCrawl(caller.key, id, 60_000)).status).toBe("completed");

    const crawl = await callTool(client, "get_crawl", { id });
    expect(crawl.isError, textOf(crawl)).toBeFalsy();
    expect(crawl.structuredContent).toMatchObject({ id, status: "completed", truncated: true });
    expect(crawl.structuredContent!.site_checks).not.toBeNull();
    expect(textOf(crawl)).toMatch(new RegExp(`^Crawl ${id} of .*: completed, \\d+ pages found, \\d+ audited, average score \\d+; site checks failed: `));

    const listed = await callTool(client, "list_crawl_pages", { id });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    const { pages, total } = listed.structuredContent!;
    expect(total).toBe((await call(`/api/v1/crawls/${id}/pages`, { key: caller.key })).json.meta.total);
    const scores = pages.filter((p: any) => p.score !== null).map((p: any) => p.score);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const first = pages[0];
    const report = await call(`/api/v1/reports/${first.report}`, { key: caller.key });
    expect(report.json.data).toMatchObject({ url: first.url, score: first.score });
    const audited = await callTool(client, "list_crawl_pages", { id, state: "blocked" });
    expect(audited.structuredContent!.pages.every((p: any) => p.state === "blocked")).toBe(true);
    // Sitemap URLs that audited pages link to (source auto follows links): found via both, at the sitemap's depth 0.
    const both = (await callTool(client, "list_crawl_pages", { id, found_via: "both" })).structuredContent!.pages;
    expect(both.map((p: any) => p.url)).toEqual(expect.arrayContaining([site("/site/"), site("/site/b")]));
    expect(both.every((p: any) => p.found_via === "both" && p.depth === 0)).toBe(true);
  }, 90_000);

  it.each([
    ["audit_page", { url: "https://example.com/", wait_seconds: 99 }, "The wait_seconds field must be an integer from 0 to 25."],
    ["audit_page", { url: "https://example.com/", privacy: 3 }, "The privacy field must be one of 0, 1, 2."],
    ["audit_page", { url: "https://example.com/", render: 2 }, "The render field must be one of 0, 1."],
    ["get_report", { id: -1 }, "The id field must be the id of a report: a positive integer."],
    ["list_reports", { per_page: 7 }, "The per_page field must be one of 10, 25, 50, 100."],
    ["list_crawl_pages", { id: 1, state: "done" }, "The state field must be one of pending, audited, failed, blocked."],
    ["list_crawl_pages", { id: 1, found_via: "guess" }, "The found_via field must be one of sitemap, links, both."],
    ["start_crawl", { url: "https://example.com/", rate: 9 }, "The rate field must be one of 1, 2, 3, 4, 5, 6, 7, 8."],
  ])("%s with a bad argument %j is an isError result naming the field", async (name, args, message) => {
    const result = await callTool(client, name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(message);
  });

  it.each([
    ["audit_page", { url: "ftp://example.com/" }, "Only http and https URLs can be analysed."],
    ["audit_page", { url: "https://example.com/", privacy: 2 }, "The password field is required when privacy is 2."],
    ["start_crawl", { url: "https://example.com/", limit: 5000 }, "The limit field must be between 1 and 1000."],
  ])("%s %j is an isError result with the API's own sentence, and stores nothing", async (name, args, message) => {
    const before = await env.DB.prepare("SELECT (SELECT count(*) FROM reports) + (SELECT count(*) FROM crawls) AS n").first<{ n: number }>();
    const result = await callTool(client, name, args);
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: message }] });
    const after = await env.DB.prepare("SELECT (SELECT count(*) FROM reports) + (SELECT count(*) FROM crawls) AS n").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("audit_page and start_crawl with render 1 on a server that does not render: the API's sentence, nothing stored", async () => {
    const notRendering = await mcpClient(caller.key, { ...env, RENDERING: "false" } as Env);
    try {
      const before = await env.DB.prepare("SELECT (SELECT count(*) FROM reports) + (SELECT count(*) FROM crawls) AS n").first<{ n: number }>();
      for (const name of ["audit_page", "start_crawl"]) {
        const result = await callTool(notRendering, name, { url: samplePage(), render: 1 });
        expect(result, name).toEqual({ isError: true, content: [{ type: "text", text: "Rendering is not available on this server." }] });
      }
      const after = await env.DB.prepare("SELECT (SELECT count(*) FROM reports) + (SELECT count(*) FROM crawls) AS n").first<{ n: number }>();
      expect(after!.n).toBe(before!.n);
    } finally {
      await notRendering.close();
    }
  });

  it("answers another account's report and crawl ids as not found, from every tool that takes an id", async () => {
    const reportId = (await callTool(client, "list_reports")).structuredContent!.reports[0].id;
    const crawlId = (await call("/api/v1/crawls", { key: caller.key })).json.data[0].id;
    for (const [name, id] of [["get_report", reportId], ["regenerate_report", reportId], ["report_history", reportId], ["get_crawl", crawlId], ["list_crawl_pages", crawlId]] as const) {
      expect(await callTool(other, name, { id }), name).toEqual({ isError: true, content: [{ type: "text", text: "Resource not found." }] });
    }
    const report = await call(`/api/v1/reports/${reportId}`, { key: caller.key });
    expect(report.json.data.status).not.toBe("queued"); // regenerate_report by the other account changed nothing
  });

  it("answers an unknown tool with the protocol's error (-32602), not a tool result", async () => {
    const error = await client.callTool({ name: "delete_everything", arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: delete_everything" });
  });
});
