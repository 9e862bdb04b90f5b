/**
 * The HMAC key for unlock and CSRF tokens, or undefined when none is configured: then nothing is signed
 * (there is no fallback key). src/env.ts declares it on Cloudflare.Env, which the Hono bindings type does not reach.
 */
export const cookieSecret = (env: Env): string | undefined => (env as Partial<Cloudflare.Env>).REPORT_COOKIE_SECRET || undefined;
