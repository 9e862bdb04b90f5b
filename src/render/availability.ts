import type { BrowserWorker } from "@cloudflare/puppeteer";
import type { Config } from "../config";
import { ApiError } from "../http/errors";

export const RENDERING_UNAVAILABLE = "Rendering is not available on this server.";

/** The browser binding, when rendering is configured: the `browser` binding exists and RENDERING is not "false". */
export function browserBinding(env: Env, settings: Pick<Config, "render">): BrowserWorker | null {
  const binding = (env as { BROWSER?: BrowserWorker }).BROWSER;
  return binding && settings.render.enabled ? binding : null;
}

/** `render=1` on a server without a browser is refused before anything is stored or queued. */
export function requireRendering(browser: BrowserWorker | null, render: number | undefined): void {
  if (render === 1 && !browser) throw new ApiError(422, RENDERING_UNAVAILABLE, { render: [RENDERING_UNAVAILABLE] });
}
