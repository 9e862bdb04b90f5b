import { toBase64Url, randomBytes } from "../crypto/encoding";
import { sign, verifySignature } from "./hmac";

export const CSRF_TTL_SECONDS = 60 * 60;
export const CSRF_FIELD = "csrf_token";
export const csrfCookieName = (key: string) => `pg_csrf_${key}`;

/**
 * Signed double submit: a random nonce goes in a short-lived cookie, and the form carries HMAC(subject key, nonce).
 * A cross-site page can neither read the cookie nor compute the token without the secret.
 */
export async function issueCsrf(secret: string, key: string): Promise<{ nonce: string; token: string }> {
  const nonce = toBase64Url(randomBytes(16));
  return { nonce, token: await sign(secret, "csrf", key, nonce) };
}

export async function isValidCsrf(secret: string, key: string, nonce: string | undefined, token: unknown) {
  if (!nonce || !/^[A-Za-z0-9_-]{22}$/.test(nonce) || typeof token !== "string") return false;
  return verifySignature(secret, token, "csrf", key, nonce);
}

/**
 * The browser's own word on where the form was submitted from, when it gives one: anything but this origin
 * (or a typed/bookmarked navigation) is refused even before the token is read. An opaque `Origin: null`
 * (privacy settings, some redirects) is accepted only with `Sec-Fetch-Site: same-origin`.
 */
export function isSameOriginRequest(headers: Headers, requestUrl: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = headers.get("origin");
  if (origin === "null") return site === "same-origin";
  return origin === null || origin === new URL(requestUrl).origin;
}
