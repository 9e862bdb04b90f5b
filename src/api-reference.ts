// GET /api/v1/docs: the served OpenAPI document, readable by a person (Scalar's API reference).
import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import type { AppEnv } from "./env";
import { randomBytes, toHex } from "./crypto/encoding";

export const OPENAPI_PATH = "/api/v1/openapi.json";
export const REFERENCE_SCRIPT_PATH = "/api/v1/docs/scalar.js";
/** Where scripts/reference-assets.mjs lays Scalar's standalone bundle among the Worker's static assets. */
const REFERENCE_SCRIPT_ASSET = "/api-reference/standalone.js";

/**
 * The page's one script comes from this origin (the Worker's static assets), so the reference works offline and
 * no third party runs code on the API's origin; its inline script carries a nonce fresh for each answer. Styles are
 * inline: the bundle's components write `<style>` elements and style attributes that no nonce can cover (a nonce
 * would also switch 'unsafe-inline' off), and CSS runs no code. It fetches only the document.
 */
function referenceCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

export async function apiReference(c: Context) {
  const nonce = toHex(randomBytes(16));
  const page = Scalar({
    url: OPENAPI_PATH,
    cdn: REFERENCE_SCRIPT_PATH,
    pageTitle: "Pagegrade API reference",
    nonce,
    // Scalar's defaults reach other origins (its font host, usage telemetry); the CSP would block them anyway.
    withDefaultFonts: false,
    telemetry: false,
  });
  const res = await page(c, async () => {});
  if (!res) return c.notFound();
  res.headers.set("Content-Security-Policy", referenceCsp(nonce));
  res.headers.set("X-Content-Type-Options", "nosniff");
  res.headers.set("Referrer-Policy", "same-origin");
  return res;
}

/** The reference's script, from the static assets (wrangler.toml [assets]): the Worker does not bundle its 5 MB. */
export const referenceScript = (c: Context<AppEnv>) => c.env.ASSETS.fetch(new URL(REFERENCE_SCRIPT_ASSET, c.req.url));
