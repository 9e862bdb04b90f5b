import { discard, followRedirects, requestHeaders, targetGuard, type FetchOptions } from "./fetch-page";

/** A link check never waits longer than this, whatever the page fetch's deadline: it reads no body. */
export const LINK_CHECK_TIMEOUT_MS = 10_000;

/** How a link target answered: its final status (redirects followed), or why none came (the fetch layer's code). */
export interface LinkAnswer {
  status: number | null;
  error: string | null;
}

type LinkOptions = Pick<FetchOptions, "allowPrivateTargets" | "trustedOrigin" | "userAgent" | "timeoutMs" | "credentials">;

/** Servers that do not do HEAD say so with these; they get a GET whose body is never read. */
const HEAD_REFUSED = new Set([405, 501]);

/**
 * Asks for a link target with HEAD, through the same URL guard, redirect checks and credentials rule as a page
 * fetch, within one deadline; when HEAD is refused (405, 501, or the connection dropped) a GET follows, its body
 * cancelled unread. A failure is a value, never an exception.
 */
export async function checkLink(url: string, options: LinkOptions): Promise<LinkAnswer> {
  const guard = targetGuard(options);
  const start = guard(url);
  if (!start.ok) return { status: null, error: start.code };
  const signal = AbortSignal.timeout(Math.min(options.timeoutMs, LINK_CHECK_TIMEOUT_MS));
  const ask = (method: "HEAD" | "GET") =>
    followRedirects(start.url, { guard, signal, method, headers: requestHeaders("*/*", options.userAgent), credentials: options.credentials });
  let answer = await ask("HEAD");
  if ((answer.ok && HEAD_REFUSED.has(answer.response.status)) || (!answer.ok && answer.code === "connection_failed" && !signal.aborted)) {
    if (answer.ok) await discard(answer.response);
    answer = await ask("GET");
  }
  if (!answer.ok) return { status: null, error: answer.code };
  await discard(answer.response);
  return { status: answer.response.status, error: null };
}
