import { runAxeInPage } from "../../analysis/axe-run";
import { targetGuard } from "../../analysis/fetch-page";
import { renderTimeoutFailure } from "../../analysis/render-page";
import { AXE_TIMEOUT_MS, IDLE_MS, MAX_ERROR_LENGTH, MAX_ERRORS, MAX_IDLE_WAIT_MS, type RenderInit, type RenderOutcome, type Renderer } from "../../analysis/render-types";
import { axeSource } from "./page-scripts";
import { prepareLab, readLab } from "./device-lab";
import { connectCdp, type Cdp } from "./cdp";
import { launchChromium, type LaunchedChromium } from "./launch";

const BLOCKED = "net::ERR_BLOCKED_BY_CLIENT";

type Params = Record<string, any>;
type Failure = Extract<RenderOutcome, { ok: false }>;

/** One line, no control characters, capped: messages from the page are the page's text, not ours. */
const sanitise = (text: string) => text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim().slice(0, MAX_ERROR_LENGTH);

export interface ChromiumRenderer {
  render: Renderer;
  /** Closes the browser, if one was started. */
  close(): Promise<void>;
}

/**
 * A `Renderer` over a local Chromium driven through the DevTools protocol: one browser for the whole command,
 * started on the first render; a fresh browser context (no cookies, storage or cache from another page) per page.
 * Every request the page makes, in every frame and worker, passes the same URL guard as a fetch, or is aborted.
 */
export function chromiumRenderer(executable: string): ChromiumRenderer {
  let browser: Promise<{ chromium: LaunchedChromium; cdp: Cdp }> | null = null;
  const start = () =>
    (browser ??= launchChromium(executable).then(async (chromium) => {
      try {
        return { chromium, cdp: await connectCdp(chromium.webSocketUrl) };
      } catch (error) {
        await chromium.close();
        throw error;
      }
    }));
  return {
    async render(url, init) {
      let cdp: Cdp;
      try {
        cdp = (await start()).cdp;
      } catch (error) {
        return { ok: false, code: "render_unavailable", message: sanitise(String((error as Error).message ?? error)), temporary: false };
      }
      return renderInContext(cdp, url, init);
    },
    async close() {
      if (!browser) return;
      const started = await browser.catch(() => null);
      started?.cdp.close();
      await started?.chromium.close();
    },
  };
}

async function renderInContext(cdp: Cdp, url: string, init: RenderInit): Promise<RenderOutcome> {
  const started = Date.now();
  const { browserContextId } = await cdp.send<{ browserContextId: string }>("Target.createBrowserContext", { disposeOnDetach: true });
  const page = watchPage(cdp, url, init);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Failure>((resolve) => {
    timer = setTimeout(() => resolve(renderTimeoutFailure(init.timeoutMs)), init.timeoutMs);
  });
  try {
    return await Promise.race([deadline, load(cdp, url, init, browserContextId, page, started)]);
  } catch (error) {
    return { ok: false, code: "render_failed", message: `The browser could not load the page: ${sanitise(String((error as Error).message ?? error))}`, temporary: true };
  } finally {
    clearTimeout(timer);
    page.stop();
    // Closes the tab and drops the context's cookies, storage and cache.
    await cdp.send("Target.disposeBrowserContext", { browserContextId }).catch(() => undefined);
  }
}

interface Watched {
  sessions: Set<string>;
  errors: string[];
  inflight: Set<string>;
  counts: { failed: number; blocked: number };
  loaded: Promise<void>;
  lastActivity: () => number;
  stop(): void;
}

/** Listens to the page's sessions: interception, errors, requests in flight, the load event. */
function watchPage(cdp: Cdp, pageUrl: string, init: RenderInit): Watched {
  const guard = targetGuard(init);
  const origin = new URL(pageUrl).origin;
  const sessions = new Set<string>();
  const errors: string[] = [];
  const inflight = new Set<string>();
  const counts = { failed: 0, blocked: 0 };
  let activity = Date.now();
  let markLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const mine = (sessionId: string | undefined) => sessionId !== undefined && sessions.has(sessionId);
  const noteError = (text: string) => {
    if (errors.length < MAX_ERRORS && text) errors.push(sanitise(text));
  };
  const off = [
    cdp.on("Fetch.requestPaused", (p, sessionId) => {
      if (!mine(sessionId)) return;
      const request = p.request as { url: string; headers: Record<string, string> };
      const check = guard(request.url);
      if (!check.ok) {
        counts.blocked++;
        void cdp.send("Fetch.failRequest", { requestId: p.requestId, errorReason: "BlockedByClient" }, sessionId).catch(() => undefined);
        return;
      }
      // An authenticated audit's headers go to the page's own origin only, never to a third party.
      const extra = init.headers && new URL(request.url).origin === origin ? init.headers : null;
      const headers = extra ? Object.entries({ ...request.headers, ...extra }).map(([name, value]) => ({ name, value })) : undefined;
      void cdp.send("Fetch.continueRequest", { requestId: p.requestId, ...(headers ? { headers } : {}) }, sessionId).catch(() => undefined);
    }),
    cdp.on("Network.requestWillBeSent", (p, sessionId) => {
      if (!mine(sessionId)) return;
      inflight.add(`${sessionId}:${p.requestId}`);
      activity = Date.now();
    }),
    cdp.on("Network.loadingFinished", (p, sessionId) => {
      if (!mine(sessionId)) return;
      inflight.delete(`${sessionId}:${p.requestId}`);
      activity = Date.now();
    }),
    cdp.on("Network.loadingFailed", (p, sessionId) => {
      if (!mine(sessionId)) return;
      inflight.delete(`${sessionId}:${p.requestId}`);
      activity = Date.now();
      if (p.errorText !== BLOCKED && !p.canceled) counts.failed++;
    }),
    cdp.on("Runtime.exceptionThrown", (p, sessionId) => {
      if (!mine(sessionId)) return;
      const details = p.exceptionDetails as Params;
      const description = String(details.exception?.description ?? details.exception?.value ?? "").split("\n")[0];
      noteError(description ? `${details.text ?? "Uncaught"} ${description}` : String(details.text ?? ""));
    }),
    cdp.on("Runtime.consoleAPICalled", (p, sessionId) => {
      if (!mine(sessionId) || p.type !== "error") return;
      noteError((p.args as Params[]).map((a) => (a.value !== undefined ? String(a.value) : String(a.description ?? ""))).join(" "));
    }),
    cdp.on("Page.loadEventFired", (_p, sessionId) => {
      if (mine(sessionId)) markLoaded();
    }),
    // Frames in other processes and workers: each gets the same interception before it may run.
    cdp.on("Target.attachedToTarget", (p, sessionId) => {
      if (!mine(sessionId)) return;
      const child = p.sessionId as string;
      sessions.add(child);
      void prepareSession(cdp, child).catch(() => undefined);
    }),
  ];
  return { sessions, errors, inflight, counts, loaded, lastActivity: () => activity, stop: () => off.forEach((f) => f()) };
}

/** Interception first, then the domains we listen to; a target that waits for the debugger then runs. */
async function prepareSession(cdp: Cdp, sessionId: string) {
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] }, sessionId);
  await Promise.all([
    cdp.send("Network.enable", {}, sessionId),
    cdp.send("Runtime.enable", {}, sessionId),
    cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId),
  ]);
  await cdp.send("Runtime.runIfWaitingForDebugger", {}, sessionId).catch(() => undefined);
}

async function load(cdp: Cdp, url: string, init: RenderInit, browserContextId: string, page: Watched, started: number): Promise<RenderOutcome> {
  const { targetId } = await cdp.send<{ targetId: string }>("Target.createTarget", { url: "about:blank", browserContextId });
  const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
  page.sessions.add(sessionId);
  await prepareSession(cdp, sessionId);
  await cdp.send("Page.enable", {}, sessionId);
  const send = (method: string, params: Params) => cdp.send(method, params, sessionId);
  const lab = await prepareLab(send, init.device);
  const navigated = await cdp.send<{ errorText?: string }>("Page.navigate", { url }, sessionId);
  if (navigated.errorText) {
    const blocked = navigated.errorText === BLOCKED;
    return {
      ok: false,
      code: "render_failed",
      message: blocked ? "The browser was not allowed to load the page (blocked address)." : `The browser could not load the page (${sanitise(navigated.errorText)}).`,
      temporary: !blocked,
    };
  }
  await page.loaded;
  // Up to 2 s more for the network to go quiet: what script fetches after load usually lands by then.
  const idleBy = Date.now() + MAX_IDLE_WAIT_MS;
  while (Date.now() < idleBy && !(page.inflight.size === 0 && Date.now() - page.lastActivity() >= IDLE_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The metrics first, as src/render/render-tab.ts does: the HTML read is a long task of ours, under a mobile throttle.
  const metrics = await readLab(send, lab);
  const { result } = await cdp.send<{ result: { value?: { html: string; url: string } } }>(
    "Runtime.evaluate",
    {
      expression: `({ html: (document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\\n" : "") + document.documentElement.outerHTML, url: location.href })`,
      returnByValue: true,
    },
    sessionId,
  );
  const value = result.value;
  if (!value) return { ok: false, code: "render_failed", message: "The browser returned no document.", temporary: true };
  const source = await axeSource();
  const agentTree = source
    ? await runAxeInPage(send, source, Math.min(AXE_TIMEOUT_MS, started + init.timeoutMs - Date.now()))
    : { ok: false as const, message: "axe-core is not installed beside pagegrade." };
  return {
    agentTree,
    lab: metrics,
    ok: true,
    html: value.html,
    finalUrl: value.url,
    errors: page.errors,
    failedRequests: page.counts.failed,
    blockedRequests: page.counts.blocked,
    browserMs: Date.now() - started,
  };
}
