// GET /api/v1/docs: the served OpenAPI document, readable by a person (Scalar's API reference).
import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import { randomBytes, toHex } from "./crypto/encoding";

export const OPENAPI_PATH = "/api/v1/openapi.json";

/**
 * Scalar renders in the browser from its bundle on cdn.jsdelivr.net (the one page of the service that loads a
 * script, and only this one: the report pages allow none). Its inline script and style carry a nonce fresh for
 * each answer; it fetches the document from this origin and its fonts from fonts.scalar.com.
 */
function referenceCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' https://cdn.jsdelivr.net`,
    `style-src 'nonce-${nonce}' https://cdn.jsdelivr.net https://fonts.scalar.com`,
    "font-src https://fonts.scalar.com https://cdn.jsdelivr.net",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

export async function apiReference(c: Context) {
  const nonce = toHex(randomBytes(16));
  const page = Scalar({ url: OPENAPI_PATH, pageTitle: "Pagegrade API reference", nonce });
  const res = await page(c, async () => {});
  if (!res) return c.notFound();
  res.headers.set("Content-Security-Policy", referenceCsp(nonce));
  res.headers.set("X-Content-Type-Options", "nosniff");
  res.headers.set("Referrer-Policy", "same-origin");
  return res;
}
