/** The HMAC key for unlock and CSRF tokens, or undefined when none is configured: then nothing is signed (no fallback key). */
export const cookieSecret = (env: Env): string | undefined => env.REPORT_COOKIE_SECRET || undefined;
