import { AGENT_TREE_RULES, LIGHTHOUSE_VERSION } from "../agent-tree-rules";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";

/**
 * Lighthouse 13.5's `agent-accessibility-tree` (docs/analysis.md): axe-core in the rendered page finds no violation
 * of its 33 rules; "incomplete" results never fail. `value` lists each failing rule with its help and first node.
 */
export const agentAccessibilityTree: Check = {
  id: "agent_accessibility_tree",
  category: "ai",
  importance: "medium",
  title: "AI agents can read the page's controls from its accessibility tree",
  fix: "Give every button, link, field and select an accessible name (visible text, a <label>, or aria-label), use only valid ARIA roles and attributes with their required parents and children, keep focusable elements out of aria-hidden, and give ARIA-referenced ids one element each. Each failing rule below names its first offending element.",
  readsDom: false,
  run(page) {
    const tree = page.rendering?.agentTree;
    if (!page.rendering) return notApplicable({ reason: "The accessibility tree is read in the browser: audit with rendering (render=1, or --render)." });
    if (!tree) return notApplicable({ reason: "This renderer does not run axe-core." });
    if (!tree.ok) return notApplicable({ reason: tree.message });
    const failing = tree.violations.map(({ rule, help, nodes, selector, snippet }) => ({ rule, help, nodes, selector, snippet }));
    const value = { lighthouse: LIGHTHOUSE_VERSION, axe_core: tree.axeVersion, rules: AGENT_TREE_RULES.length, failing, needs_review: tree.review };
    return failing.length === 0 ? pass(value) : fail(value, { failing_rules: failing.map((f) => f.rule) });
  },
};
