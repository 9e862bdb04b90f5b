import type { RenderOptions } from "../../analysis/render-page";
import { defaultRenderTimeoutMs } from "../../analysis/render-types";
import { findChromium } from "./find-chromium";
import { chromiumRenderer } from "./renderer";

export type OpenedRenderer = { ok: true; options: RenderOptions; close(): Promise<void> } | { ok: false; message: string };

/**
 * What `--render` needs before any page is audited: Node's built-in WebSocket (22+) and a Chromium. The browser
 * itself starts on the first render; `close` ends it.
 */
export function openRenderer(env: Record<string, string | undefined>): OpenedRenderer {
  if (typeof globalThis.WebSocket !== "function") return { ok: false, message: `--render needs Node.js 22 or later (this is ${process.version}).` };
  const found = findChromium(env);
  if (!found.ok) return found;
  const timeout = renderTimeoutMs(env.RENDER_TIMEOUT_MS);
  if (typeof timeout === "string") return { ok: false, message: timeout };
  const renderer = chromiumRenderer(found.path);
  return { ok: true, options: { render: renderer.render, renderTimeoutMs: timeout }, close: renderer.close };
}

function renderTimeoutMs(raw: string | undefined): number | string {
  if (raw === undefined || raw === "") return defaultRenderTimeoutMs;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1000 && value <= 120_000 ? value : `RENDER_TIMEOUT_MS must be a whole number of ms from 1000 to 120000, not "${raw}".`;
}
