/**
 * The interface between the analysis and a browser (docs/rendering.md): the analysis asks a `Renderer` for the
 * DOM of a page after script; the Worker builds one over the BROWSER binding, the CLI over a local Chromium.
 * Types and plain numbers only, so the `pagegrade/analysis` entry stays free of any browser import.
 */
import type { Device } from "./lab-device";
import type { AgentTreeFacts, LabFacts } from "./types";

/** Loads `url` in a real browser and returns the DOM after load (+ up to 2 s network idle), within its own deadline. */
export type Renderer = (url: string, init: RenderInit) => Promise<RenderOutcome>;

export interface RenderInit {
  /** Extra request headers (authenticated audits): sent ONLY on requests to `url`'s own origin, never cross-origin. */
  headers?: Record<string, string>;
  /** Private/reserved addresses allowed (ALLOW_PRIVATE_TARGETS); otherwise every browser request is checked by the one URL guard. */
  allowPrivateTargets: boolean;
  /** Test-only escape, as FetchOptions.trustedOrigin. */
  trustedOrigin?: string;
  /** RENDER_TIMEOUT_MS, default 20,000. */
  timeoutMs: number;
  /** The same byte limit as a fetched page: rendered HTML over it is too_large. */
  maxBytes: number;
  /** The screen and throttling the page is measured with (lab-device.ts); mobile when left out. */
  device?: Device;
}

export type RenderFailureCode = "render_timeout" | "render_failed" | "too_large" | "render_unavailable";

export type RenderOutcome =
  | {
      ok: true;
      /** document.documentElement.outerHTML (with the doctype prepended if the page had one). */
      html: string;
      /** page.url() after load. */
      finalUrl: string;
      /** Uncaught errors + console.error, the browser's own "Failed to load resource" noise filtered, first 20, sanitised. */
      errors: string[];
      /** Requests that failed (network errors, not blocked ones). */
      failedRequests: number;
      /** Requests aborted by the SSRF interception. */
      blockedRequests: number;
      /** Wall time the page held a browser tab (for the browser-seconds figure). */
      browserMs: number;
      /** axe-core's findings in the rendered page (analysis/axe-run.ts), after the DOM was read. */
      agentTree?: AgentTreeFacts;
      /** The lab metrics (analysis/lab-metrics.ts), read with the DOM. */
      lab?: LabFacts;
    }
  | { ok: false; code: RenderFailureCode; message: string; temporary: boolean };

/** RENDER_TIMEOUT_MS's default. */
export const defaultRenderTimeoutMs = 20_000;

/** After `load`, the network may stay busy at most this long before the DOM is read anyway (rendering.md: "up to 2 s more"). */
export const MAX_IDLE_WAIT_MS = 2_000;
/** A page counts as idle after this long with no request in flight. */
export const IDLE_MS = 500;
/** axe-core's share of a render (agent_accessibility_tree): at most this long, and never past the render deadline. */
export const AXE_TIMEOUT_MS = 10_000;
/** Errors a render keeps (RenderOutcome `errors`: "first 20"), each cut to MAX_ERROR_LENGTH characters. */
export const MAX_ERRORS = 20;
export const MAX_ERROR_LENGTH = 300;
