import type { BrowserContext, Page } from "@cloudflare/puppeteer";
import { runAxeInPage, type CdpSend } from "../analysis/axe-run";
import { renderTimeoutFailure } from "../analysis/render-page";
import type { AgentTreeFacts } from "../analysis/types";
import { AXE_TIMEOUT_MS, IDLE_MS, MAX_ERROR_LENGTH, MAX_ERRORS, MAX_IDLE_WAIT_MS, type RenderInit, type RenderOutcome } from "../analysis/render-types";
import type { AssetText } from "./asset-text";
import { prepareLab, readLab } from "./page-lab";
import type { PageScripts } from "./page-scripts";
import { requestPolicy, type RequestCounts } from "./request-policy";

/** Closing a tab whose script never yields can itself hang: never wait longer than this for it. */
const CLOSE_GRACE_MS = 2000;

/**
 * Console errors the browser writes itself about requests (every page's missing favicon, our own aborts and CSP
 * refusals): they are not the page's script failing, and would fail `script_errors` on every page.
 */
const BROWSER_NOISE = [/^Failed to load resource:/, /violates the following Content Security Policy directive/];

/** One line, no control characters, bounded: an error text is page-controlled. */
const sanitise = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, MAX_ERROR_LENGTH);

/** What a raced step rejects with when the deadline passes first. */
const DEADLINE = Symbol("render deadline");

/** Races `work` against the deadline: a page whose script never yields never answers `evaluate`. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(DEADLINE), Math.max(deadline - Date.now(), 0));
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Renders `url` in a new tab of `context`: every request through the URL guard (request-policy.ts), `load`, then
 * up to 2 s of network idle, then the DOM, all within init.timeoutMs. Failures are values; the tab is always closed.
 */
export async function renderPage(context: BrowserContext, url: string, init: RenderInit, scripts: PageScripts): Promise<RenderOutcome> {
  const started = Date.now();
  const deadline = started + init.timeoutMs;
  let page: Page | undefined;
  try {
    page = await beforeDeadline(context.newPage(), deadline);
    return await loadAndRead(page, url, init, deadline, started, scripts);
  } catch (error) {
    if (error === DEADLINE) return renderTimeoutFailure(init.timeoutMs);
    console.error("render failed", { url, error: String(error) });
    return { ok: false, code: "render_failed", message: "The browser could not render the page.", temporary: true };
  } finally {
    if (page) await beforeDeadline(page.close(), Date.now() + CLOSE_GRACE_MS).catch(() => undefined);
  }
}

async function loadAndRead(page: Page, url: string, init: RenderInit, deadline: number, started: number, scripts: PageScripts): Promise<RenderOutcome> {
  const errors: string[] = [];
  const note = (text: string) => {
    if (errors.length < MAX_ERRORS && !BROWSER_NOISE.some((noise) => noise.test(text))) errors.push(sanitise(text));
  };
  const counts: RequestCounts = { blocked: 0, tooLarge: false };
  let failedRequests = 0;
  page.on("pageerror", (error) => note(error instanceof Error ? error.message : String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") note(message.text());
  });
  page.on("requestfailed", (request) => {
    if (!/ERR_BLOCKED_BY_CLIENT|ERR_BLOCKED_BY_RESPONSE/.test(request.failure()?.errorText ?? "")) failedRequests++;
  });
  const lab = await beforeDeadline(prepareLab(page, init.device, scripts.webVitals), deadline);
  const decide = requestPolicy(url, init, counts);
  await beforeDeadline(page.setRequestInterception(true), deadline);
  page.on("request", (request) => {
    decide(request).catch(() => undefined);
  });

  try {
    await beforeDeadline(page.goto(url, { waitUntil: "load", timeout: Math.max(deadline - Date.now(), 1) }), deadline);
  } catch (error) {
    if (counts.tooLarge) return tooLarge(init);
    if (error === DEADLINE || /timeout/i.test(String(error))) return renderTimeoutFailure(init.timeoutMs);
    return { ok: false, code: "render_failed", message: `The browser could not load the page (${sanitise(String(error))}).`, temporary: false };
  }
  const idle = Math.min(MAX_IDLE_WAIT_MS, deadline - Date.now());
  if (idle > 0) await page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: idle }).catch(() => undefined);
  // The metrics before the DOM is read as HTML: a mobile tab's CPU stays 4x slower until readLab puts it back, and
  // serialising a large DOM is a long task of our own (~250 ms for 3,000 list items at 4x, ~60 ms at full speed) that
  // TBT would count against the page and the report would wait for.
  const metrics = await beforeDeadline(readLab(page, lab), deadline);
  const html = await beforeDeadline(
    page.evaluate(() => {
      const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : "";
      return doctype + document.documentElement.outerHTML;
    }),
    deadline,
  );
  // A document cut while streaming; rendered HTML over the limit is analysis/render-page.ts's check, for every renderer.
  if (counts.tooLarge) return tooLarge(init);
  const agentTree = await agentTreeOf(page, deadline, scripts.axe);
  return { ok: true, html, finalUrl: page.url(), errors, failedRequests, blockedRequests: counts.blocked, browserMs: Date.now() - started, agentTree, lab: metrics };
}

/** axe-core in the page, once its DOM was read (analysis/axe-run.ts); within what is left of the deadline. */
async function agentTreeOf(page: Page, deadline: number, axeSource: AssetText): Promise<AgentTreeFacts> {
  const source = await axeSource();
  if (source === null) return { ok: false, message: "axe-core is not available to this Worker (its ASSETS binding)." };
  const session = await beforeDeadline(page.createCDPSession(), deadline).catch(() => null);
  if (!session) return { ok: false, message: "axe-core could not run: the render deadline passed." };
  const send: CdpSend = (method, params) => session.send(method as never, params as never);
  try {
    return await runAxeInPage(send, source, Math.min(AXE_TIMEOUT_MS, deadline - Date.now()));
  } finally {
    await session.detach().catch(() => undefined);
  }
}

const tooLarge = (init: RenderInit): RenderOutcome => ({
  ok: false,
  code: "too_large",
  message: `The rendered page is larger than ${init.maxBytes} bytes.`,
  temporary: false,
});
