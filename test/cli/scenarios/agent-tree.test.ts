import { describe, expect, inject, it } from "vitest";
import { AXE_CORE_VERSION } from "../../../src/analysis/agent-tree-rules";
import { agentTreePages } from "../../server/agent-routes";
import { runCli } from "../run-cli";

const origin = inject("pageServer");

describe("pagegrade audit --render runs Lighthouse 13.5's agent-accessibility-tree rules in the machine's Chromium", () => {
  it("each rule family fails with its rules, the clean page passes, and without --render it is not applicable", async () => {
    const names = Object.keys(agentTreePages);
    const run = await runCli(["audit", ...names.map((n) => `${origin}/agents/tree/${n}`), "--allow-private", "--render", "--device", "desktop", "--format", "json"]);
    const reports = JSON.parse(run.stdout).data as { results: Record<string, { passed: boolean; value: any; errors?: any }> }[];
    names.forEach((name, i) => {
      const { failing, review = [] } = agentTreePages[name]!;
      const verdict = reports[i]!.results.agent_accessibility_tree!;
      expect(verdict.passed, name).toBe(failing.length === 0);
      expect(verdict.value.axe_core).toBe(AXE_CORE_VERSION);
      expect(verdict.value.failing.map((f: { rule: string }) => f.rule).sort(), name).toEqual([...failing].sort());
      expect(verdict.value.needs_review, name).toEqual(review);
    });

    const plain = await runCli(["audit", `${origin}/agents/tree/names`, "--allow-private", "--format", "json"]);
    const unrendered = (JSON.parse(plain.stdout).data as { results: Record<string, { passed: boolean; value: any }> }[])[0]!.results;
    expect(unrendered.agent_accessibility_tree).toMatchObject({ passed: true, value: { reason: expect.stringMatching(/render=1/) } });
  }, 90_000);
});
