import type { OriginCredentials } from "./credentials";
import { defaultDevice, type Device } from "./lab-device";
import type { RenderFailureCode, Renderer } from "./render-types";
import { defaultRenderTimeoutMs } from "./render-types";
import type { AnalysisOptions } from "./settings";
import type { RenderingFacts } from "./types";

/** What analyzePage takes to render: a browser behind a `Renderer`, and what it sends (docs/rendering.md). */
export interface RenderOptions {
  render?: Renderer;
  /** Headers of an authenticated audit, sent by the renderer only to the page's own origin; by default the audit's `credentials`. */
  renderHeaders?: Record<string, string>;
  /** RENDER_TIMEOUT_MS; 20,000 when left out. */
  renderTimeoutMs?: number;
  /** The screen and throttling a rendered page is measured with; mobile when left out (lab-device.ts). */
  device?: Device;
}

export type Rendered = {
  ok: true;
  html: string;
  finalUrl: string;
  /** UTF-8 bytes of `html`. */
  bytes: number;
  browser: Omit<RenderingFacts, "raw">;
};
export type RenderFailure = { ok: false; code: RenderFailureCode; message: string; temporary: boolean };

/**
 * A renderer that neither answers nor rejects must not leave a report processing for ever: past its own deadline
 * plus this grace, the render counts as timed out.
 */
const BACKSTOP_GRACE_MS = 10_000;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The one wording of a render past its deadline, for every renderer and the backstop below. */
export const renderTimeoutFailure = (timeoutMs: number): RenderFailure => ({
  ok: false,
  code: "render_timeout",
  message: `The page did not finish loading in the browser within ${seconds(timeoutMs)}.`,
  temporary: false,
});

/** UTF-8 length of a string without encoding it (the rendered HTML can be megabytes). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Calls the renderer once and turns every way it can end into a value: a failure (its own, a throw, or no answer
 * by the backstop), or the rendered HTML checked against the same byte limit as a fetched page.
 */
export async function renderPage(
  url: string,
  renderer: Renderer,
  options: Pick<AnalysisOptions, "allowPrivateTargets" | "maxBytes" | "credentials"> & RenderOptions & { trustedOrigin?: string },
): Promise<Rendered | RenderFailure> {
  const timeoutMs = options.renderTimeoutMs ?? defaultRenderTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const backstop = new Promise<RenderFailure>((resolve) => {
    timer = setTimeout(() => resolve(renderTimeoutFailure(timeoutMs)), timeoutMs + BACKSTOP_GRACE_MS);
  });
  const headers = options.renderHeaders ?? loginHeaders(url, options.credentials);
  const init = {
    allowPrivateTargets: options.allowPrivateTargets,
    timeoutMs,
    maxBytes: options.maxBytes,
    device: options.device ?? defaultDevice,
    ...(headers ? { headers } : {}),
    ...(options.trustedOrigin !== undefined ? { trustedOrigin: options.trustedOrigin } : {}),
  };
  const attempt = renderer(url, init).catch(
    (error): RenderFailure => ({ ok: false, code: "render_failed", message: `The browser could not load the page: ${describe(error)}`, temporary: true }),
  );
  const outcome = await Promise.race([attempt, backstop]).finally(() => clearTimeout(timer));
  if (!outcome.ok) return outcome;
  const bytes = utf8Length(outcome.html);
  if (bytes > options.maxBytes) {
    return { ok: false, code: "too_large", message: `The rendered page is larger than ${options.maxBytes} bytes.`, temporary: false };
  }
  const { errors, failedRequests, blockedRequests, browserMs, agentTree, lab } = outcome;
  const browser = { errors, failedRequests, blockedRequests, browserMs, ...(agentTree && { agentTree }), ...(lab && { lab }) };
  return { ok: true, html: outcome.html, finalUrl: outcome.finalUrl, bytes, browser };
}

/** The audit's login, when it is for this page's origin: the renderer then sends it to that origin only, as the fetch does. */
function loginHeaders(url: string, credentials: OriginCredentials | undefined): Record<string, string> | undefined {
  return credentials && new URL(url).origin === credentials.origin ? credentials.headers : undefined;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 200);
