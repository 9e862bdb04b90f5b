import { discard, followRedirects, readBody, requestHeaders, targetGuard, type FetchOptions } from "./fetch-page";
import type { RobotsFacts, SiteFacts } from "./types";

/** Google reads the first 500 KiB of a robots.txt; we keep a little more and drop the rest. */
export const ROBOTS_MAX_BYTES = 512 * 1024;
export const SITE_TIMEOUT_MS = 5_000;

type SiteOptions = Pick<FetchOptions, "allowPrivateTargets" | "trustedOrigin" | "userAgent" | "timeoutMs" | "credentials">;

/** Same rules as the page itself, shorter deadline; a failure is data (null), never an error. */
async function getFollowing(url: string, accept: string, options: SiteOptions) {
  const guard = targetGuard(options);
  const start = guard(url);
  if (!start.ok) return null;
  const signal = AbortSignal.timeout(Math.min(options.timeoutMs, SITE_TIMEOUT_MS));
  const followed = await followRedirects(start.url, {
    guard,
    signal,
    headers: requestHeaders(accept, options.userAgent),
    // robots.txt and the 404 probe are files of the site like its pages: on the login's origin they are read with it.
    credentials: options.credentials,
  });
  return followed.ok ? { response: followed.response, signal } : null;
}

export async function fetchRobots(url: string, options: SiteOptions): Promise<RobotsFacts> {
  const got = await getFollowing(url, "text/plain,*/*;q=0.1", options);
  if (!got) return { url, status: null, body: null };
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

/** Final status of a URL, redirects followed: a soft 404 answers 200 or redirects to a page that does. */
export async function probeStatus(url: string, options: SiteOptions): Promise<number | null> {
  const got = await getFollowing(url, "text/html", options);
  if (!got) return null;
  await discard(got.response);
  return got.response.status;
}

export async function fetchSiteFacts(pageUrl: string, options: SiteOptions): Promise<SiteFacts> {
  const { origin } = new URL(pageUrl);
  const [robots, notFoundStatus] = await Promise.all([fetchRobots(`${origin}/robots.txt`, options), probeStatus(notFoundProbeUrl(origin), options)]);
  return { robots, notFoundStatus };
}
