import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Layout } from "./components/layout";
import { PasswordForm } from "./components/password-form";
import { CSRF_TTL_SECONDS, csrfCookieName, issueCsrf } from "./csrf";
import { sendPage } from "./respond";

export const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

export interface PasswordPageOptions {
  /** Undefined when the server has no cookie secret: the form is then shown disabled. */
  secret: string | undefined;
  status?: ContentfulStatusCode;
  error?: string;
  headers?: Record<string, string>;
}

/** The password form with a fresh CSRF token, whose nonce goes in a short-lived cookie scoped to this report. */
export async function sendPasswordPage(c: Context, reportId: number, options: PasswordPageOptions) {
  let token: string | undefined;
  if (options.secret) {
    const csrf = await issueCsrf(options.secret, reportId);
    token = csrf.token;
    setCookie(c, csrfCookieName(reportId), csrf.nonce, {
      httpOnly: true,
      sameSite: "Strict",
      secure: isHttps(c),
      path: `/reports/${reportId}`,
      maxAge: CSRF_TTL_SECONDS,
    });
  }
  return sendPage(
    c,
    <Layout
      title="Protected report · Pagegrade"
      description="This SEO report is protected by a password."
      canonical={`${new URL(c.req.url).origin}/reports/${reportId}`}
      noindex
    >
      <PasswordForm reportId={reportId} csrfToken={token} error={options.error} />
    </Layout>,
    options.status ?? 200,
    options.headers,
  );
}
