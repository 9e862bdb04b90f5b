// agent_accessibility_tree through the real path: POST /api/v1/reports with render=1, the analysis queue, the BROWSER
// binding over this machine's Chromium, axe-core read from the Worker's assets and run in the rendered page; and the
// same check shown on the report page and by the MCP audit_page tool.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AGENT_TREE_RULES, AXE_CORE_VERSION } from "../../../src/analysis/agent-tree-rules";
import { call, createCaller, type Caller } from "../../helpers/api";
import { callTool, mcpClient } from "../../helpers/mcp";
import { waitForReport } from "../../helpers/wait-report";
import { agentTreePages } from "../../server/agent-routes";

const page = (path: string) => `${env.PAGE_SERVER}${path}`;

let caller: Caller;
beforeAll(async () => {
  caller = await createCaller("agent tree");
});

async function report(path: string, render: 0 | 1 = 1) {
  const created = await call("/api/v1/reports", { key: caller.key, form: { url: page(path), render } });
  expect(created.status, created.text).toBe(201);
  return waitForReport(caller.key, created.json.data.id, 40_000);
}

type Failing = { rule: string; help: string; nodes: number; selector: string; snippet: string };

describe.skipIf(env.RENDERING === "false")("agent_accessibility_tree in real Chromium, through the queue", () => {
  for (const [name, { failing, review = [] }] of Object.entries(agentTreePages)) {
    it(`${name}: ${failing.length === 0 ? "passes" : `fails ${failing.join(", ")}`}, each with its help and first node`, async () => {
      const done = await report(`/agents/tree/${name}`);
      expect(done.status, JSON.stringify(done.error)).toBe("completed");
      const verdict = done.results.agent_accessibility_tree;
      expect(verdict, JSON.stringify(verdict)).toMatchObject({ category: "ai", importance: "medium", passed: failing.length === 0 });
      expect(verdict.value).toMatchObject({ lighthouse: "13.5.0", axe_core: AXE_CORE_VERSION, rules: AGENT_TREE_RULES.length });
      const found = verdict.value.failing as Failing[];
      expect(found.map((f) => f.rule).sort()).toEqual([...failing].sort());
      for (const f of found) {
        expect(f.help.length, f.rule).toBeGreaterThan(10);
        expect(f.nodes).toBeGreaterThan(0);
        expect(f.selector).not.toBe("");
        expect(f.snippet).toMatch(/^<[a-z]/);
      }
      if (failing.length > 0) expect(verdict.errors).toEqual({ failing_rules: found.map((f) => f.rule) });
      expect(verdict.value.needs_review).toEqual(review);
    });
  }

  it("names the first offending node as Lighthouse does: selector and opening tag", async () => {
    const done = await report("/agents/tree/hidden-focus");
    const [hidden] = done.results.agent_accessibility_tree.value.failing as Failing[];
    expect(hidden).toMatchObject({ rule: "aria-hidden-focus", help: "ARIA hidden element must not be focusable or contain focusable elements", nodes: 1 });
    expect(hidden!.snippet).toBe('<div aria-hidden="true">');
  });

  it("without rendering the check is not applicable and says why; the script-built page's controls are then unseen", async () => {
    const done = await report("/agents/tree/script-built", 0);
    expect(done.status).toBe("completed");
    expect(done.results.agent_accessibility_tree).toMatchObject({
      passed: true,
      value: { reason: "The accessibility tree is read in the browser: audit with rendering (render=1, or --render)." },
    });
  });

  it("the report page lists it under AI search and agents with its fix, and audit_page gives it to agents", async () => {
    const done = await report("/agents/tree/names");
    const html = await (await call(`/reports/${done.id}`)).text;
    const section = html.slice(html.indexOf("AI search and agents"));
    expect(section).toContain("controls from its accessibility tree");
    expect(section).toContain("button-name");
    expect(section).toContain("Give every button, link, field and select an accessible name");

    const client = await mcpClient(caller.key);
    try {
      const result = await callTool(client, "audit_page", { url: page("/agents/tree/names"), render: 1, wait_seconds: 25 });
      expect(result.isError ?? false).toBe(false);
      const failed = result.structuredContent!.failed_checks as { id: string; fix: string; value: { failing: Failing[] } }[];
      const tree = failed.find((c) => c.id === "agent_accessibility_tree");
      expect(tree?.fix).toMatch(/accessible name/);
      expect(tree?.value.failing.map((f) => f.rule)).toContain("button-name");
    } finally {
      await client.close();
    }
  }, 60_000);
});
