import puppeteer, { type Browser, type BrowserContext, type BrowserWorker } from "@cloudflare/puppeteer";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Renderer, RenderOutcome } from "../analysis/render-types";
import type { RenderSettings } from "../config";
import type { Db } from "../db/client";
import { crawls } from "../db/schema";
import { renderPage } from "./render-tab";

/**
 * How long Browser Run keeps a crawl's browser open without a connection (its maximum, 10 minutes): long enough for
 * the crawl's next page, however far the queue spaced it. The local binding ignores it (a browser lives until closed).
 */
export const CRAWL_KEEP_ALIVE_MS = 600_000;

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
  /** The invocation ends: its own browser is closed, crawl sessions are left open for the crawl's next page. */
  release(): Promise<void>;
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
export function renderPool(binding: BrowserWorker, db: Db, settings: Pick<RenderSettings, "concurrency" | "timeoutMs">): RenderPool {
  const limit = limiter(settings.concurrency);
  let browser: Promise<Browser> | null = null;
  // What Browser Run bills for the invocation's own browser: the time it was open (logged at release).
  let launchedAt = 0;
  let pages = 0;
  const sessions = new Map<number, Promise<CrawlSession>>();

  const launch = () => {
    if (!browser) launchedAt = Date.now();
    browser ??= puppeteer.launch(binding).catch((error) => {
      browser = null;
      throw error;
    });
    return browser;
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
        return await renderPage(opened.context, url, init);
      } finally {
        if (opened.closeAfter) await opened.context.close().catch(() => undefined);
      }
    });

  const crawlSession = (crawlId: number) => {
    let session = sessions.get(crawlId);
    if (!session) {
      session = openCrawlSession(binding, db, crawlId);
      session.catch(() => sessions.delete(crawlId));
      sessions.set(crawlId, session);
    }
    return session;
  };

  return {
    timeoutMs: settings.timeoutMs,
    forAudit: () => inContext(async () => ({ context: await (await launch()).createBrowserContext(), closeAfter: true })),
    forCrawl: (crawlId) => inContext(async () => ({ context: (await crawlSession(crawlId)).context, closeAfter: false })),
    async closeCrawl(crawlId) {
      const session = sessions.get(crawlId);
      sessions.delete(crawlId);
      const open = session ? await session.catch(() => null) : null;
      const row = await db.select({ id: crawls.browserSession }).from(crawls).where(eq(crawls.id, crawlId)).get();
      await db.update(crawls).set({ browserSession: null }).where(eq(crawls.id, crawlId));
      if (open) await open.browser.close().catch(() => undefined);
      else if (row?.id) await closeSession(binding, row.id);
    },
    async release() {
      const own = browser;
      if (own) {
        own.then(() => console.log(`render: browser open ${Date.now() - launchedAt} ms for ${pages} page(s) of this invocation`), () => undefined);
      }
      browser = null;
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all([
        own?.then((b) => b.close()).catch(() => undefined),
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
 * The crawl's browser: the session its row names if it is still alive, else a new one. Pages of one crawl are
 * fetched one at a time (its fetch slot), so two consumers rarely launch together; when they do, the row keeps the
 * first session and the other browser serves its invocation only. `browser_launches` counts every launch.
 */
async function openCrawlSession(binding: BrowserWorker, db: Db, crawlId: number): Promise<CrawlSession> {
  const row = await db.select({ id: crawls.browserSession }).from(crawls).where(eq(crawls.id, crawlId)).get();
  const reused = row?.id ? await puppeteer.connect(binding, row.id).catch(() => null) : null;
  if (reused) return { browser: reused, context: await reused.createBrowserContext(), own: false };
  const browser = await puppeteer.launch(binding, { keep_alive: CRAWL_KEEP_ALIVE_MS });
  const [stored] = await db
    .update(crawls)
    .set({ browserSession: browser.sessionId(), browserLaunches: sql`${crawls.browserLaunches} + 1` })
    .where(and(eq(crawls.id, crawlId), row?.id ? eq(crawls.browserSession, row.id) : isNull(crawls.browserSession)))
    .returning({ id: crawls.id });
  if (!stored) await db.update(crawls).set({ browserLaunches: sql`${crawls.browserLaunches} + 1` }).where(eq(crawls.id, crawlId));
  return { browser, context: await browser.createBrowserContext(), own: !stored };
}

/** Closes a session this invocation did not open (a finished crawl's, left by an earlier page). */
async function closeSession(binding: BrowserWorker, sessionId: string) {
  const browser = await puppeteer.connect(binding, sessionId).catch(() => null);
  await browser?.close().catch(() => undefined);
}
