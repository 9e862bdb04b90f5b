import { createRequire } from "node:module";
import type { TestProject } from "vitest/node";
import { Worker } from "node:worker_threads";
import type { ServerOrigins } from "./server/servers";
import { NO_CHROMIUM, setupLocalBrowser } from "../scripts/setup-local-browser.mjs";

export default async function setup(project: TestProject) {
  // The browser binding renders in this machine's Chromium (docs/rendering.md); without one, rendering is off and
  // the rendering tests are skipped, saying why.
  const { chromium } = setupLocalBrowser({ log: () => undefined });
  if (!chromium) console.warn(`${NO_CHROMIUM}\n  RENDERING=false for this run: the rendering tests are skipped.`);
  project.provide("rendering", chromium ? "true" : "false");
  // The project's own servers, started in the one thread that holds every project's (test/server/thread.ts).
  const thread = serverThread();
  const started = answer<{ started: string; origins: ServerOrigins }>(thread, (m) => m.started === project.name);
  thread.postMessage({ start: project.name });
  for (const [name, origin] of Object.entries((await started).origins)) project.provide(name as keyof ServerOrigins, origin);
  // wrangler.toml's [vars] as `wrangler deploy` reads them (the tests' env overrides some): the config test parses them.
  // wrangler through Node's own require, not an import: every workerd project runs this setup through its Vite module
  // runner, which inlines its imports, and inlining wrangler's 10 MB bundle took ~20 s of the vitest process per
  // project (8 projects). Node loads it once for the whole run.
  const { unstable_readConfig } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");
  project.provide("shippedVars", { ...unstable_readConfig({ config: "wrangler.toml" }).vars } as Record<string, unknown>);
  return async () => {
    const closed = answer<{ closed: string }>(thread, (m) => m.closed === project.name);
    thread.postMessage({ close: project.name });
    await closed;
  };
}

/**
 * The servers' thread, loaded through tsx as Node loads the other scripts: one for the whole run, kept on globalThis
 * since every project loads this file through its own module runner (a thread's start, tsx and all, cost ~0.5 s of
 * the run's start per project). Unref'd: the run ends when vitest does, each project having closed its servers.
 */
function serverThread(): Worker {
  const held = globalThis as { pagegradeServerThread?: Worker };
  if (!held.pagegradeServerThread) {
    held.pagegradeServerThread = new Worker(new URL("./server/thread.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
    held.pagegradeServerThread.unref();
  }
  return held.pagegradeServerThread;
}

/** The thread's next message that `matches`, or its error. */
function answer<T>(thread: Worker, matches: (message: Partial<T>) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (!matches(message)) return;
      thread.off("message", onMessage);
      thread.off("error", reject);
      resolve(message);
    };
    thread.on("message", onMessage);
    thread.once("error", reject);
  });
}
