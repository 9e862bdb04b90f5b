import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Layout } from "./components/layout";
import { PasswordForm } from "./components/password-form";
import { CSRF_TTL_SECONDS, csrfCookieName, issueCsrf } from "./csrf";
import { sendPage } from "./respond";
import { subjectKey, subjectPath, type SharedSubject } from "./shared-subject";

export const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

export interface PasswordPageOptions {
  /** Undefined when the server has no cookie secret: the form is then shown disabled. */
  secret: string | undefined;
  status?: ContentfulStatusCode;
  error?: string;
  headers?: Record<string, string>;
}

const nouns = { report: "report", crawl: "site report" } as const;

/** The password form with a fresh CSRF token, whose nonce goes in a short-lived cookie scoped to this report or crawl. */
export async function sendPasswordPage(c: Context, subject: Pick<SharedSubject, "kind" | "id">, options: PasswordPageOptions) {
  let token: string | undefined;
  const path = subjectPath(subject);
  if (options.secret) {
    const csrf = await issueCsrf(options.secret, subjectKey(subject));
    token = csrf.token;
    setCookie(c, csrfCookieName(subjectKey(subject)), csrf.nonce, {
      httpOnly: true,
      sameSite: "Strict",
      secure: isHttps(c),
      path,
      maxAge: CSRF_TTL_SECONDS,
    });
  }
  return sendPage(
    c,
    <Layout
      title={`Protected ${nouns[subject.kind]} · Pagegrade`}
      description={`This SEO ${nouns[subject.kind]} is protected by a password.`}
      canonical={`${new URL(c.req.url).origin}${path}`}
      noindex
    >
      <PasswordForm action={`${path}/unlock`} noun={nouns[subject.kind]} csrfToken={token} error={options.error} />
    </Layout>,
    options.status ?? 200,
    options.headers,
  );
}
