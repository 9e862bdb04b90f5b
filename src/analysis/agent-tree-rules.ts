/**
 * `agent_accessibility_tree` mirrors Lighthouse 13.5's `agent-accessibility-tree` audit (core/audits/agentic/): the
 * rule list below is its TARGET_RULES, in its order, and the axe-core version is the one that Lighthouse release
 * installs (package.json pins it; test/lighthouse compares verdicts on the same pages). Change the three together.
 */
export const LIGHTHOUSE_VERSION = "13.5.0";
export const AXE_CORE_VERSION = "4.14.1";

export const AGENT_TREE_RULES: readonly string[] = [
  "button-name",
  "input-button-name",
  "input-image-alt",
  "label",
  "link-name",
  "select-name",
  "document-title",
  "aria-allowed-attr",
  "aria-allowed-role",
  "aria-command-name",
  "aria-conditional-attr",
  "aria-dialog-name",
  "aria-hidden-body",
  "aria-hidden-focus",
  "aria-input-field-name",
  "aria-prohibited-attr",
  "aria-required-attr",
  "aria-required-children",
  "aria-required-parent",
  "aria-roles",
  "aria-text",
  "aria-toggle-field-name",
  "aria-tooltip-name",
  "aria-treeitem-name",
  "aria-valid-attr",
  "aria-valid-attr-value",
  "duplicate-id-aria",
  "definition-list",
  "table-duplicate-name",
  "tabindex",
  "autocomplete-valid",
  "presentation-role-conflict",
  "svg-img-alt",
];

/** The first offending node's opening tag is cut to this many characters. */
export const SNIPPET_MAX = 200;

/**
 * The function axe-core runs in the page, as source text: bundlers rename and wrap functions, so it is not written
 * as one. Lighthouse's gatherer (core/gather/gatherers/accessibility.js) runs every wcag2a/wcag2aa rule plus its
 * enabled extras; every rule above is among those (none is off by default in axe-core 4.14), so running these 33
 * alone gives the same verdicts in about a third of the time. The rest is Lighthouse's: `noHtml`, `elementRef`,
 * violations only (incomplete results never fail the audit, so duplicate-id-aria, which axe-core 4.14 marks
 * `reviewOnFail`, never does: its ids are reported for review), frames left at axe's defaults.
 */
export const AXE_RUNNER = `async (rules, snippetMax) => {
  const axe = window.axe;
  axe.configure({ branding: { application: "pagegrade" }, noHtml: true });
  const results = await axe.run(document, {
    elementRef: true,
    runOnly: { type: "rule", values: rules },
    resultTypes: ["violations"],
  });
  const review = results.incomplete.map((rule) => rule.id);
  const selector = (target) => target.map((part) => (Array.isArray(part) ? part.join(" >>> ") : String(part))).join(" ");
  const snippet = (element) => {
    if (!element || typeof element.outerHTML !== "string") return "";
    const html = element.outerHTML;
    const end = html.indexOf(">");
    const open = end === -1 ? html : html.slice(0, end + 1);
    return open.length > snippetMax ? open.slice(0, snippetMax - 1) + "\\u2026" : open;
  };
  return {
    axeVersion: results.testEngine.version,
    violations: results.violations.map((rule) => ({
      rule: rule.id,
      help: rule.help || rule.description,
      nodes: rule.nodes.length,
      selector: rule.nodes[0] ? selector(rule.nodes[0].target) : "",
      snippet: rule.nodes[0] ? snippet(rule.nodes[0].element) : "",
    })),
    review,
  };
}`;
