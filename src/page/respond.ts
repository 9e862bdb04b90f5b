import type { Context } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { styleHash } from "./styles";

/** Strict headers for every HTML page: no scripts at all, only our hashed stylesheet, no framing. */
export async function pageSecurityHeaders(): Promise<Record<string, string>> {
  const csp = [
    "default-src 'none'",
    `style-src ${await styleHash()}`,
    "img-src data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    // Nothing leaks to the audited sites a report links to, while our own form posts keep their Origin header.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Reports change as analyses finish and may sit behind a password: never cache them.
    "Cache-Control": "no-store",
  };
}

/** An HTML response of a rendered document with the page headers. */
export async function sendPage(c: Context, document: JSX.Element, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}) {
  // A hono JSX node renders with toString(), which is a promise when a component is async.
  const body = await (document as unknown as { toString(): string | Promise<string> }).toString();
  const html = `<!DOCTYPE html>${body}`;
  return c.html(html, status, { ...(await pageSecurityHeaders()), ...headers });
}
