import type { HTTPRequest } from "@cloudflare/puppeteer";
import { headersFor } from "../analysis/credentials";
import { readBody, targetGuard } from "../analysis/fetch-page";
import type { RenderInit } from "../analysis/render-types";

/**
 * Appended to every document's own policy (a second policy only narrows). CSP3 scheme matching: `http:` and
 * `https:` do not match `ws:`/`wss:`, and 'self' matches only the page's own host, so a page can open no
 * WebSocket to another host: request interception never sees WebSockets, this is what stops them.
 * `worker-src blob: data:` refuses workers loaded from URLs, whose own responses this policy would not cover.
 */
export const RENDER_CSP = "connect-src 'self' http: https: data: blob:; worker-src blob: data:";

/** Schemes the page builds itself: nothing leaves the browser for them. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

export interface RequestCounts {
  blocked: number;
  /** A document over the byte limit was refused: the render is `too_large`, like the fetch would be. */
  tooLarge: boolean;
}

/**
 * Decides every request the page makes (documents, frames, subresources, each redirect hop) through the one URL
 * guard of the analysis: a request the guard refuses is aborted before it leaves. Documents are fetched by the
 * Worker and served to the browser with RENDER_CSP; the audit's extra headers go only to the page's own origin.
 */
export function requestPolicy(url: string, init: RenderInit, counts: RequestCounts) {
  const guard = targetGuard(init);
  // The audit's extra headers as credentials of the page's origin: added on its requests only.
  const credentials = init.headers ? { origin: new URL(url).origin, headers: init.headers } : undefined;
  const headersOf = (request: HTTPRequest) => headersFor(new URL(request.url()), request.headers(), credentials);
  return async (request: HTTPRequest): Promise<void> => {
    const target = request.url();
    if (LOCAL_SCHEMES.has(new URL(target).protocol)) return request.continue();
    if (!guard(target).ok) {
      counts.blocked++;
      return request.abort("blockedbyclient");
    }
    if (request.isNavigationRequest()) return serveDocument(request, headersOf(request), init, counts);
    return request.continue({ headers: headersOf(request) });
  };
}

/**
 * Fetches a document (top page or frame) in the Worker and hands it to the browser with RENDER_CSP added.
 * Redirects are passed on as they are: the browser follows them with a new request, which comes back here.
 */
async function serveDocument(request: HTTPRequest, headers: Record<string, string>, init: RenderInit, counts: RequestCounts) {
  const signal = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url(), { method: request.method(), headers, redirect: "manual", signal });
  } catch {
    return request.abort("connectionfailed");
  }
  const body = await readBody(response, init.maxBytes, signal);
  if (!body.ok) return request.abort("failed");
  if (body.truncated) {
    counts.tooLarge = true;
    return request.abort("blockedbyresponse");
  }
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  // The body is handed over decoded and whole; puppeteer splits a header value on newlines into several headers.
  delete out["content-encoding"];
  delete out["content-length"];
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies.join("\n");
  out["content-security-policy"] = out["content-security-policy"] ? `${out["content-security-policy"]}, ${RENDER_CSP}` : RENDER_CSP;
  return request.respond({ status: response.status, headers: out, body: body.bytes });
}
