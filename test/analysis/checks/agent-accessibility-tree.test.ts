import { describe, expect, it } from "vitest";
import { AGENT_TREE_RULES } from "../../../src/analysis/agent-tree-rules";
import { agentAccessibilityTree } from "../../../src/analysis/checks/agent-accessibility-tree";
import type { AgentTreeFacts } from "../../../src/analysis/types";
import { makePage, makeRenderedPage } from "../../helpers/page";

const html = "<!doctype html><title>t</title><p>x</p>";
const run = (agentTree: AgentTreeFacts | undefined) => {
  const page = makeRenderedPage(html, html);
  return agentAccessibilityTree.run({ ...page, rendering: { ...page.rendering!, ...(agentTree && { agentTree }) } });
};
const violation = { rule: "button-name", help: "Buttons must have discernible text", nodes: 2, selector: "#app > button", snippet: "<button>" };

describe("agent_accessibility_tree", () => {
  it("holds Lighthouse 13.5's 33 rules, once each", () => {
    expect(AGENT_TREE_RULES).toHaveLength(33);
    expect(new Set(AGENT_TREE_RULES).size).toBe(33);
  });

  it("fails on any violation, listing each rule with its help and first node; rules left for review never fail", () => {
    expect(run({ ok: true, axeVersion: "4.14.1", violations: [violation], review: ["duplicate-id-aria"] })).toEqual({
      passed: false,
      value: { lighthouse: "13.5.0", axe_core: "4.14.1", rules: 33, failing: [violation], needs_review: ["duplicate-id-aria"] },
      errors: { failing_rules: ["button-name"] },
    });
    expect(run({ ok: true, axeVersion: "4.14.1", violations: [], review: ["duplicate-id-aria"] }).passed).toBe(true);
  });

  it("is not applicable, saying why, without rendering, without axe, or when axe could not finish", () => {
    expect(agentAccessibilityTree.run(makePage(html))).toMatchObject({ passed: true, applicable: false, value: { reason: expect.stringMatching(/render=1/) } });
    expect(run(undefined)).toMatchObject({ applicable: false, value: { reason: "This renderer does not run axe-core." } });
    expect(run({ ok: false, message: "axe-core did not finish within 10 s." })).toMatchObject({ applicable: false, value: { reason: "axe-core did not finish within 10 s." } });
  });
});
