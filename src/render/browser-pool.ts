import puppeteer, { type Browser, type BrowserContext, type BrowserWorker } from "@cloudflare/puppeteer";
import type { Renderer, RenderOutcome } from "../analysis/render-types";
import type { RenderSettings } from "../config";
import type { PageScripts } from "./page-scripts";
import { renderPage } from "./render-tab";

/**
 * How long Browser Run keeps a crawl's browser open without a connection (its maximum, 10 minutes): long enough for
 * the crawl's next page, however far the queue spaced it. The local binding ignores it (a browser lives until closed).
 */
export const CRAWL_KEEP_ALIVE_MS = 600_000;

/**
 * How long the lone audits' browser stays open without a connection once an invocation disconnects, for the next
 * invocation to reuse it. Browser Run bills that idle tail for every browser a burst opened, so one minute, not the
 * 10-minute maximum: a stream of one rendered audit a minute keeps one browser alive, and a burst of 20 invocations
 * leaves 20 browser-minutes of tail instead of 200 (docs/rendering.md, Cost). The local binding ignores it.
 */
export const SHARED_KEEP_ALIVE_MS = 60_000;

const unavailable: RenderOutcome = {
  ok: false,
  code: "render_unavailable",
  message: "The browser could not be started.",
  temporary: true,
};

/** The browsers of one consumer invocation: what its analyses render in, and what it must release at the end. */
export interface RenderPool {
  /** RENDER_TIMEOUT_MS: what analyzePage gives each page as its deadline (its `renderTimeoutMs`). */
  timeoutMs: number;
  /** A lone audit: the invocation's browser, a fresh incognito context (no cookies or storage from any other audit). */
  forAudit(): Renderer;
  /** A crawl's page: the crawl's one browser session (reconnected to, or launched once), one context per crawl here. */
  forCrawl(crawlId: number): Renderer;
  /** The crawl has ended: its session is closed, so it stops being billed. */
  closeCrawl(crawlId: number): Promise<void>;
  /**
   * The invocation ends: it disconnects from its lone audits' browser (left open for the next invocation) and from
   * crawl sessions (left open for the crawl's next page).
   */
  release(): Promise<void>;
}

/**
 * Where a crawl's browser session is kept: its row, which only the crawl's owner writes (src/crawls/crawl-lifecycle.ts),
 * so the crawl path hands the pool this store rather than the pool writing a layer above it.
 */
export interface CrawlSessionStore {
  /** The session the crawl's row names, if any. */
  sessionOf(crawlId: number): Promise<string | null>;
  /** Every session a crawl's row names: a crawl's session is free between its pages but never shared. */
  heldSessions(): Promise<Set<string>>;
  /**
   * A browser was launched for the crawl: counted, and named in its row unless the row moved on from `replacing`
   * meanwhile (two consumers launched at once). True when the row now names it.
   */
  recordLaunch(crawlId: number, sessionId: string, replacing: string | null): Promise<boolean>;
  /** The crawl's session was closed: the row lets go of it. */
  forget(crawlId: number): Promise<void>;
}

/** At most `limit` calls of the returned wrapper run at once; the others wait their turn. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

interface CrawlSession {
  browser: Browser;
  context: BrowserContext;
  /** The crawl row names another session (two consumers launched at once): this one is closed with the invocation. */
  own: boolean;
}

/**
 * One browser per consumer invocation, launched on its first rendered audit (none for an invocation that renders
 * nothing), and at most RENDER_CONCURRENCY tabs rendering at once across every audit and crawl of the invocation.
 */
export function renderPool(
  binding: BrowserWorker,
  crawlSessions: CrawlSessionStore,
  settings: Pick<RenderSettings, "concurrency" | "timeoutMs">,
  /** axe-core and web-vitals, run in the page (page-scripts.ts). */
  scripts: PageScripts,
): RenderPool {
  const limit = limiter(settings.concurrency);
  let browser: Promise<Browser> | null = null;
  // What the invocation held its lone audits' browser for (connect or launch to release): logged at release.
  let acquiredAt = 0;
  let pages = 0;
  const sessions = new Map<number, Promise<CrawlSession>>();

  const shared = () => {
    if (!browser) acquiredAt = Date.now();
    browser ??= acquireShared(binding, crawlSessions).catch((error) => {
      browser = null;
      throw error;
    });
    return browser;
  };

  /** A fresh incognito context of the shared browser; a reused browser that cannot open one is dropped for a new one. */
  const auditContext = async () => {
    const current = await shared();
    try {
      return await current.createBrowserContext();
    } catch (error) {
      console.warn("render: reused browser unusable, launching", String(error));
      browser = null;
      current.close().catch(() => undefined);
      return (await shared()).createBrowserContext();
    }
  };

  const inContext = (open: () => Promise<{ context: BrowserContext; closeAfter: boolean }>): Renderer => (url, init) =>
    limit(async () => {
      let opened: { context: BrowserContext; closeAfter: boolean };
      try {
        opened = await open();
      } catch (error) {
        console.error("browser unavailable", String(error));
        return unavailable;
      }
      pages++;
      try {
        return await renderPage(opened.context, url, init, scripts);
      } finally {
        if (opened.closeAfter) await opened.context.close().catch(() => undefined);
      }
    });

  const crawlSession = (crawlId: number) => {
    let session = sessions.get(crawlId);
    if (!session) {
      session = openCrawlSession(binding, crawlSessions, crawlId);
      session.catch(() => sessions.delete(crawlId));
      sessions.set(crawlId, session);
    }
    return session;
  };

  return {
    timeoutMs: settings.timeoutMs,
    forAudit: () => inContext(async () => ({ context: await auditContext(), closeAfter: true })),
    forCrawl: (crawlId) => inContext(async () => ({ context: (await crawlSession(crawlId)).context, closeAfter: false })),
    async closeCrawl(crawlId) {
      const session = sessions.get(crawlId);
      sessions.delete(crawlId);
      const open = session ? await session.catch(() => null) : null;
      // Closed before the row lets go of it: a session no row names may be taken as a lone audits' browser.
      if (open) await open.browser.close().catch(() => undefined);
      else {
        // Opened by an earlier invocation: the row names it.
        const id = await crawlSessions.sessionOf(crawlId);
        if (id) await closeSession(binding, id);
      }
      await crawlSessions.forget(crawlId);
    },
    async release() {
      const own = browser;
      if (own) {
        own.then(() => console.log(`render: browser held ${Date.now() - acquiredAt} ms for ${pages} page(s) of this invocation`), () => undefined);
      }
      browser = null;
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all([
        // Disconnect, not close: the browser stays open (SHARED_KEEP_ALIVE_MS) for the next invocation's audits.
        own?.then(leaveOpen).catch(() => undefined),
        ...open.map((session) =>
          session
            .then(async ({ browser, context, own }) => {
              await context.close().catch(() => undefined);
              await (own ? browser.close() : browser.disconnect());
            })
            .catch(() => undefined),
        ),
      ]);
    },
  };
}

/**
 * Sessions this isolate disconnected from and left open. Browser Run lists a session with no `connectionId` once its
 * connection is gone; the local binding of the vitest plugin's older miniflare (docs/rendering.md) never clears it
 * after a disconnect, so a session this isolate let go of is a candidate too. A wrong guess costs one failed connect.
 */
const leftOpenHere = new Set<string>();

/**
 * The lone audits' browser of an invocation: a free session that no crawl names is connected to, as Browser Run
 * recommends; a session taken meanwhile fails to connect and the next is tried; only when none is left is a browser
 * launched. Every audit still gets its own incognito context (`forAudit`).
 */
async function acquireShared(binding: BrowserWorker, crawlSessions: CrawlSessionStore): Promise<Browser> {
  const listed = await puppeteer.sessions(binding).catch(() => []);
  for (const id of leftOpenHere) if (!listed.some((session) => session.sessionId === id)) leftOpenHere.delete(id);
  const free = listed.filter((session) => !session.connectionId || leftOpenHere.has(session.sessionId));
  if (free.length > 0) {
    // A crawl's session is free between its pages: it stays the crawl's (its row names it), never shared.
    const ofCrawls = await crawlSessions.heldSessions();
    for (const { sessionId } of free) {
      if (ofCrawls.has(sessionId)) continue;
      leftOpenHere.delete(sessionId);
      const reused = await puppeteer.connect(binding, sessionId).catch(() => null);
      if (reused) {
        console.log(`render: browser reused (session ${sessionId})`);
        return reused;
      }
    }
  }
  const launched = await puppeteer.launch(binding, { keep_alive: SHARED_KEEP_ALIVE_MS });
  console.log(`render: browser launched (session ${launched.sessionId()})`);
  return launched;
}

/** Disconnects from the lone audits' browser, leaving it open (SHARED_KEEP_ALIVE_MS) for the next invocation. */
async function leaveOpen(browser: Browser) {
  const sessionId = browser.sessionId();
  await browser.disconnect();
  leftOpenHere.add(sessionId);
}

/**
 * The crawl's browser: the session its row names if it is still alive, else a new one. Pages of one crawl are
 * fetched one at a time (its fetch slot), so two consumers rarely launch together; when they do, the row keeps the
 * first session and the other browser serves its invocation only. `browser_launches` counts every launch.
 */
async function openCrawlSession(binding: BrowserWorker, crawlSessions: CrawlSessionStore, crawlId: number): Promise<CrawlSession> {
  const named = await crawlSessions.sessionOf(crawlId);
  const reused = named ? await puppeteer.connect(binding, named).catch(() => null) : null;
  if (reused) return { browser: reused, context: await reused.createBrowserContext(), own: false };
  const browser = await puppeteer.launch(binding, { keep_alive: CRAWL_KEEP_ALIVE_MS });
  const stored = await crawlSessions.recordLaunch(crawlId, browser.sessionId(), named);
  return { browser, context: await browser.createBrowserContext(), own: !stored };
}

/** Closes a session this invocation did not open (a finished crawl's, left by an earlier page). */
async function closeSession(binding: BrowserWorker, sessionId: string) {
  const browser = await puppeteer.connect(binding, sessionId).catch(() => null);
  await browser?.close().catch(() => undefined);
}
