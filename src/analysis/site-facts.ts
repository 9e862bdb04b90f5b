import { discard, followRedirects, readBody, requestHeaders, targetGuard, type FetchOptions } from "./fetch-page";
import { LLMS_TXT_MAX_BYTES, LLMS_TXT_TIMEOUT_MS, digestLlmsTxt } from "./llms-txt";
import type { LlmsTxtFacts, RobotsFacts, SiteFacts } from "./types";

/** Google reads the first 500 KiB of a robots.txt; we keep a little more and drop the rest. */
export const ROBOTS_MAX_BYTES = 512 * 1024;
export const SITE_TIMEOUT_MS = 5_000;

export type SiteOptions = Pick<FetchOptions, "allowPrivateTargets" | "trustedOrigin" | "userAgent" | "timeoutMs" | "credentials">;

/** What getFollowing got: the final response with its deadline, or the code of why none came. */
type Got = { ok: true; response: Response; url: URL; signal: AbortSignal; redirects: number } | { ok: false; code: string };

/** Same rules as the page itself, a shorter deadline (`capMs`); a failure is data, never an error. */
export async function getFollowing(url: string, accept: string, capMs: number, options: SiteOptions): Promise<Got> {
  const guard = targetGuard(options);
  const start = guard(url);
  if (!start.ok) return { ok: false, code: start.code };
  const signal = AbortSignal.timeout(Math.min(options.timeoutMs, capMs));
  const followed = await followRedirects(start.url, {
    guard,
    signal,
    headers: requestHeaders(accept, options.userAgent),
    // robots.txt, llms.txt and the 404 probe are files of the site like its pages: on the login's origin they are read with it.
    credentials: options.credentials,
  });
  if (!followed.ok) return { ok: false, code: followed.code };
  return { ok: true, response: followed.response, url: followed.url, signal, redirects: followed.redirects.length };
}

export async function fetchRobots(url: string, options: SiteOptions): Promise<RobotsFacts> {
  const got = await getFollowing(url, "text/plain,*/*;q=0.1", SITE_TIMEOUT_MS, options);
  if (!got.ok) return { url, status: null, body: null };
  const { response, signal } = got;
  // Only a 2xx body is a robots file; a 4xx/5xx page is not one (the status says what happened).
  if (response.status < 200 || response.status > 299) {
    await discard(response);
    return { url, status: response.status, body: null };
  }
  const body = await readBody(response, ROBOTS_MAX_BYTES, signal);
  if (!body.ok) return { url, status: response.status, body: null };
  const text = new TextDecoder("utf-8").decode(body.bytes);
  // A cut file ends mid-line: keep only whole lines.
  return { url, status: response.status, body: body.truncated ? text.slice(0, text.lastIndexOf("\n") + 1) : text };
}

/** A path that cannot exist on the origin: a real 404 page answers 404 (or 410) to it. */
export const notFoundProbeUrl = (origin: string) => `${origin}/pagegrade-404-check-${crypto.randomUUID()}`;

/** Final status of a URL and how many redirects led there; null when no answer came. Nothing of the body is read. */
export async function probeAnswer(url: string, options: SiteOptions): Promise<{ status: number; redirects: number } | null> {
  const got = await getFollowing(url, "text/html", SITE_TIMEOUT_MS, options);
  if (!got.ok) return null;
  await discard(got.response);
  return { status: got.response.status, redirects: got.redirects };
}

/** Final status of a URL, redirects followed: a soft 404 answers 200 or redirects to a page that does. */
export const probeStatus = async (url: string, options: SiteOptions): Promise<number | null> => (await probeAnswer(url, options))?.status ?? null;

/**
 * /llms.txt as Lighthouse's `llms-txt` gatherer fetches it: redirects followed, 2 s for the request and the body
 * together; a 2xx body is decoded as UTF-8 and digested (only its first LLMS_TXT_MAX_BYTES: Lighthouse has no cap).
 */
export async function fetchLlmsTxt(url: string, options: SiteOptions): Promise<LlmsTxtFacts> {
  const got = await getFollowing(url, "text/markdown,text/plain;q=0.9,*/*;q=0.1", LLMS_TXT_TIMEOUT_MS, options);
  if (!got.ok) return { url, status: null, error: got.code, digest: null };
  const { response, signal } = got;
  if (response.status < 200 || response.status > 299) {
    await discard(response);
    return { url, status: response.status, error: null, digest: null };
  }
  const body = await readBody(response, LLMS_TXT_MAX_BYTES, signal);
  if (!body.ok) return { url, status: response.status, error: body.code, digest: null };
  // A cut file may end inside a UTF-8 sequence: the decoder's replacement character stands for it.
  const text = new TextDecoder("utf-8").decode(body.bytes);
  return { url, status: response.status, error: null, digest: digestLlmsTxt(text, got.url.href, body.truncated) };
}

/** robots.txt, the not-found probe and llms.txt of the page's origin, in parallel: the facts every page of it shares. */
export async function fetchSiteFacts(pageUrl: string, options: SiteOptions): Promise<SiteFacts> {
  const { origin } = new URL(pageUrl);
  const [robots, notFoundStatus, llms] = await Promise.all([
    fetchRobots(`${origin}/robots.txt`, options),
    probeStatus(notFoundProbeUrl(origin), options),
    fetchLlmsTxt(`${origin}/llms.txt`, options),
  ]);
  return { robots, notFoundStatus, llms };
}
