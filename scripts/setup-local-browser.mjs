#!/usr/bin/env node
// Makes wrangler's local `browser` binding (miniflare's browser-rendering plugin) use this machine's Chromium
// instead of downloading Chrome for Testing, which cannot happen here.
//
// How miniflare finds its browser (read from miniflare/dist/src/index.js, plugins/browser-rendering):
//   BROWSER_VERSION = "<pinned Chrome for Testing build>"
//   cacheDir  = getGlobalWranglerCachePath() = xdgAppPaths(".wrangler").cache()  ->  ($XDG_CACHE_HOME || ~/.cache)/.wrangler
//   installDir = <cacheDir>/chrome/<platform>-<buildId>          (getInstallDir; platform "linux" on x64 Linux)
//   executable = <installDir>/chrome-linux64/chrome              (@puppeteer/browsers relativeExecutablePath)
// @puppeteer/browsers' install() returns at once when <installDir> exists and the executable exists in it, so a
// symlink to Chromium there is all it needs: no download. After the first successful start miniflare writes
// <installDir>/.miniflare-install-complete, after which a failed start no longer deletes the folder.
//
// Chromium refuses to run as root without --no-sandbox, and miniflare adds --no-sandbox only when CI is set.
// So the link points at a two-line wrapper that execs Chromium with --no-sandbox: no CI variable needed in
// wrangler's or vitest's environment (CI=1 still works too, with a plain symlink to the binary).
//
// Both miniflares are handled: the one wrangler uses (`wrangler dev`) and the one @cloudflare/vitest-plugin
// uses (it depends on its own wrangler/miniflare); they may pin different builds.
//
// Usage: node scripts/setup-local-browser.mjs [--check] [--require]
//   exit 0: ready (or no Chromium and no --require: the message says rendering is unavailable locally);
//   exit 2: no Chromium and --require; exit 3: --check found a link missing.
// `npm run dev` (scripts/dev.mjs) and the tests' global setup call setupLocalBrowser() below. docs/rendering.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean);
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return fs.realpathSync(c);
    } catch {}
  }
  return null;
}

// Node's lookup of a package folder, without `exports` (which may hide package.json): walk up node_modules.
function pkgDir(name, fromDir) {
  for (let d = fromDir; ; d = path.dirname(d)) {
    const candidate = path.join(d, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return fs.realpathSync(candidate);
    if (path.dirname(d) === d) return null;
  }
}

// Every miniflare that may start a local browser: wrangler's own and the vitest plugin's (the plugin depends on
// its own wrangler, which may resolve to another miniflare than the top-level wrangler does).
function miniflareEntries(root = process.cwd()) {
  const found = new Map();
  const wrangler = pkgDir("wrangler", root);
  const fromWrangler = wrangler && pkgDir("miniflare", wrangler);
  if (fromWrangler) found.set(fromWrangler, "wrangler");
  const plugin = pkgDir("@cloudflare/vitest-plugin", root);
  if (plugin) {
    const pluginWrangler = pkgDir("wrangler", plugin);
    const fromPlugin = pkgDir("miniflare", pluginWrangler ?? plugin);
    if (fromPlugin && !found.has(fromPlugin)) found.set(fromPlugin, "@cloudflare/vitest-plugin");
  }
  return [...found].map(([dir, via]) => ({ dir, via, version: JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version }));
}

function pinnedBrowserVersion(mfDir) {
  const src = fs.readFileSync(path.join(mfDir, "dist/src/index.js"), "utf8");
  const m = src.match(/\bBROWSER_VERSION\s*=\s*"(\d+\.\d+\.\d+\.\d+)"/);
  if (!m) throw new Error(`no BROWSER_VERSION in ${mfDir}/dist/src/index.js: miniflare's browser plugin changed, re-read it`);
  return m[1];
}

function wranglerCacheDir() {
  // workers-utils xdgCache() on Linux: XDG_CACHE_HOME, else <home>/.cache; app segment ".wrangler".
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), ".wrangler");
}

function platformDir() {
  if (process.platform !== "linux") return null;
  return { platform: process.arch === "arm64" ? "linux_arm" : "linux", folder: "chrome-linux64" };
}

export const NO_CHROMIUM =
  "setup-local-browser: no Chromium found (CHROME_PATH, /usr/lib/chromium/chromium, /usr/bin/chromium).\n" +
  "  Rendering is unavailable locally: install Debian's `chromium` package or set CHROME_PATH, then run this again.";

/**
 * Links this machine's Chromium where every installed miniflare looks for its pinned Chrome. Returns the Chromium
 * used (null when there is none: rendering is then unavailable locally) and whether every link is in place.
 */
export function setupLocalBrowser({ checkOnly = false, root = process.cwd(), log = console.log } = {}) {
  const chromium = findChromium();
  const plat = platformDir();
  const entries = miniflareEntries(root);
  if (entries.length === 0) throw new Error("setup-local-browser: no miniflare found (install wrangler first).");
  // Elsewhere than Linux, wrangler downloads its Chrome itself.
  if (!plat) return { chromium: null, ready: true };
  if (!chromium) return { chromium: null, ready: false };
  const cacheDir = wranglerCacheDir();
  const wrapper = path.join(cacheDir, "chrome", "local-chromium-no-sandbox.sh");
  let ready = true;
  for (const mf of entries) {
    const buildId = pinnedBrowserVersion(mf.dir);
    const installDir = path.join(cacheDir, "chrome", `${plat.platform}-${buildId}`);
    const exe = path.join(installDir, plat.folder, "chrome");
    let current = null;
    try {
      current = fs.readlinkSync(exe);
    } catch {}
    const state = current === wrapper ? "ok" : fs.existsSync(exe) ? `exists (${current ?? "a real file"})` : "missing";
    log(`miniflare ${mf.version} (via ${mf.via}) pins Chrome ${buildId}: ${exe} -> ${state}`);
    if (checkOnly) {
      ready &&= state === "ok";
      continue;
    }
    if (state === "ok") continue;
    if (current !== null || !fs.existsSync(exe)) {
      fs.mkdirSync(path.dirname(exe), { recursive: true });
      fs.mkdirSync(path.dirname(wrapper), { recursive: true });
      fs.writeFileSync(wrapper, `#!/bin/sh\n# Written by scripts/setup-local-browser.mjs: Chromium for wrangler's local browser binding.\nexec "${chromium}" --no-sandbox "$@"\n`, { mode: 0o755 });
      fs.rmSync(exe, { force: true });
      fs.symlinkSync(wrapper, exe);
      log(`  linked ${exe} -> ${wrapper} -> ${chromium}`);
    } else {
      log("  a real Chrome is installed there already; left alone.");
    }
  }
  return { chromium, ready };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium, ready } = setupLocalBrowser({ checkOnly: process.argv.includes("--check") });
  if (chromium === null && !ready) {
    console.error(NO_CHROMIUM);
    process.exit(process.argv.includes("--require") ? 2 : 0);
  }
  if (chromium) console.log(`Chromium: ${chromium}`);
  process.exit(ready ? 0 : 3);
}
