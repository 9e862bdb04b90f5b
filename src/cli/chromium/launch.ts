import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LaunchedChromium {
  /** ws://127.0.0.1:<port>/devtools/browser/<id> */
  webSocketUrl: string;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;

/**
 * Starts a headless Chromium of its own (fresh profile in a temporary folder, a DevTools port the system picks) and
 * reads its DevTools address from stderr. Its own process group, so closing ends Chromium's helpers too.
 */
export async function launchChromium(executable: string): Promise<LaunchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), "pagegrade-chromium-"));
  const args = [
    "--headless",
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
    // Chromium's sandbox refuses to start as root (containers, CI): there, and only there, run without it.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    "about:blank",
  ];
  const child = spawn(executable, args, { stdio: ["ignore", "ignore", "pipe"], detached: true });
  const cleanup = () => rmSync(profile, { recursive: true, force: true });
  let webSocketUrl: string;
  try {
    webSocketUrl = await devToolsUrl(child);
  } catch (error) {
    await stop(child);
    cleanup();
    throw error;
  }
  // Chromium keeps writing to stderr; read and drop it so a full pipe never blocks it.
  child.stderr?.resume();
  return {
    webSocketUrl,
    close: async () => {
      await stop(child);
      cleanup();
    },
  };
}

function devToolsUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const fail = (message: string) => {
      clearTimeout(timer);
      child.stderr!.removeListener("data", onData);
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`Chromium did not start within ${START_TIMEOUT_MS / 1000} s.`), START_TIMEOUT_MS);
    const onError = (error: Error) => fail(`Chromium could not be started: ${error.message}`);
    const onExit = (code: number | null) => fail(`Chromium exited at start (code ${code}): ${seen.trim().split("\n").pop() ?? ""}`);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString("utf8")).slice(-4096);
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (!match) return;
      clearTimeout(timer);
      child.removeListener("error", onError);
      child.removeListener("exit", onExit);
      child.stderr!.removeListener("data", onData);
      resolve(match[1]!);
    };
    child.once("error", onError);
    child.once("exit", onExit);
    child.stderr!.on("data", onData);
  });
}

/** Ends the process group we started, politely first. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 2_000);
  await exited;
  clearTimeout(timer);
}
