import type { RenderOptions } from "../../analysis/render-page";
import { findChromium } from "./find-chromium";
import { chromiumRenderer } from "./renderer";

export type OpenedRenderer = { ok: true; options: RenderOptions; close(): Promise<void> } | { ok: false; message: string };

/**
 * What `--render` needs before any page is audited: Node's built-in WebSocket (22+) and a Chromium. The browser
 * itself starts on the first render; `close` ends it. `renderTimeoutMs` is RENDER_TIMEOUT_MS, read by src/config.ts.
 */
export function openRenderer(env: Record<string, string | undefined>, renderTimeoutMs: number): OpenedRenderer {
  if (typeof globalThis.WebSocket !== "function") return { ok: false, message: `--render needs Node.js 22 or later (this is ${process.version}).` };
  const found = findChromium(env);
  if (!found.ok) return found;
  const renderer = chromiumRenderer(found.path);
  return { ok: true, options: { render: renderer.render, renderTimeoutMs }, close: renderer.close };
}
