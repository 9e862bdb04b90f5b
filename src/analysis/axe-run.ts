import { AGENT_TREE_RULES, AXE_RUNNER, SNIPPET_MAX } from "./agent-tree-rules";
import type { AgentTreeFacts, AgentTreeViolation } from "./types";

/** One DevTools protocol call on the page's session: puppeteer's CDPSession.send, or the CLI's own client. */
export type CdpSend = (method: string, params: Record<string, unknown>) => Promise<any>;

const WORLD = "pagegrade-axe";

/**
 * Runs axe-core in the rendered page for `agent_accessibility_tree`, the way Lighthouse's gatherer does: in an
 * isolated world of the main frame (the page's scripts cannot see axe or tamper with it, and axe cannot clash with
 * the page's own globals), after the DOM was read. Both renderers call this; every way it can end is a value.
 */
export async function runAxeInPage(send: CdpSend, axeSource: string, timeoutMs: number): Promise<AgentTreeFacts> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<AgentTreeFacts>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: `axe-core did not finish within ${Math.round(timeoutMs / 100) / 10} s.` }), Math.max(timeoutMs, 0));
  });
  const run = inIsolatedWorld(send, axeSource).catch((error): AgentTreeFacts => ({ ok: false, message: `axe-core could not run: ${describe(error)}` }));
  return Promise.race([run, late]).finally(() => clearTimeout(timer));
}

async function inIsolatedWorld(send: CdpSend, axeSource: string): Promise<AgentTreeFacts> {
  const { frameTree } = await send("Page.getFrameTree", {});
  const { executionContextId } = await send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: WORLD });
  const loaded = await send("Runtime.evaluate", { expression: axeSource, contextId: executionContextId, returnByValue: false });
  if (loaded.exceptionDetails) return { ok: false, message: `axe-core did not load: ${exceptionText(loaded.exceptionDetails)}` };
  const ran = await send("Runtime.evaluate", {
    expression: `(${AXE_RUNNER})(${JSON.stringify(AGENT_TREE_RULES)}, ${SNIPPET_MAX})`,
    contextId: executionContextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (ran.exceptionDetails) return { ok: false, message: `axe-core failed: ${exceptionText(ran.exceptionDetails)}` };
  const value = ran.result?.value as { axeVersion?: unknown; violations?: unknown; review?: unknown } | undefined;
  if (!value || typeof value.axeVersion !== "string" || !Array.isArray(value.violations)) return { ok: false, message: "axe-core returned no result." };
  const review = Array.isArray(value.review) ? value.review.map(String).filter((id) => AGENT_TREE_RULES.includes(id)) : [];
  return { ok: true, axeVersion: value.axeVersion, violations: value.violations.map(violation), review };
}

/** What came back from the page is the page's world: keep only the expected fields, as strings and numbers. */
function violation(raw: Record<string, unknown>): AgentTreeViolation {
  return {
    rule: String(raw.rule),
    help: String(raw.help ?? ""),
    nodes: Number(raw.nodes) || 0,
    selector: String(raw.selector ?? "").slice(0, 300),
    snippet: String(raw.snippet ?? "").slice(0, SNIPPET_MAX),
  };
}

const exceptionText = (details: { text?: string; exception?: { description?: string } }) =>
  String(details.exception?.description ?? details.text ?? "unknown error").split("\n")[0]!.slice(0, 200);

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
