import { accessSync, constants, statSync } from "node:fs";

/** Where Chromium or Chrome usually is on Linux and macOS, in the order tried after CHROME_PATH. */
export const USUAL_CHROMIUM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export type ChromiumFound = { ok: true; path: string } | { ok: false; message: string };

/**
 * The browser `--render` drives: CHROME_PATH when set (and then only it: a wrong path is a mistake to report, not
 * a reason to pick another browser), else the first usual path that is an executable file.
 */
export function findChromium(env: Record<string, string | undefined>, candidates: readonly string[] = USUAL_CHROMIUM_PATHS): ChromiumFound {
  const chosen = env.CHROME_PATH?.trim();
  if (chosen) {
    return isExecutable(chosen) ? { ok: true, path: chosen } : { ok: false, message: `--render: CHROME_PATH (${chosen}) is not an executable file.` };
  }
  const found = candidates.find(isExecutable);
  if (found) return { ok: true, path: found };
  return { ok: false, message: "--render needs Chromium or Chrome, and none was found: install chromium, or set CHROME_PATH to the browser's executable." };
}
