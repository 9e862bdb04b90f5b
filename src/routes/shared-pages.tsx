import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { verifyPassword } from "../crypto/password";
import type { Db } from "../db/client";
import { findWhereItIs } from "../db/request-session";
import type { AppEnv } from "../env";
import { CSRF_FIELD, csrfCookieName, isSameOriginRequest, isValidCsrf } from "../page/csrf";
import { sendNotFoundPage } from "../page/not-found-page";
import { isHttps, sendPasswordPage } from "../page/password-page";
import { pageSecurityHeaders } from "../page/respond";
import { attemptsKey, subjectKey, subjectPath, type SharedSubject } from "../page/shared-subject";
import { createUnlockToken, isValidUnlockToken, UNLOCK_TTL_SECONDS, unlockCookieName } from "../page/unlock-cookie";
import { recordWrongTry, unlockClient, unlockRetryAfter } from "../page/unlock-limit";

const messages = {
  noSecret: "Password-protected pages cannot be opened right now: the server is missing its cookie secret. Please tell the owner.",
  csrf: "The form expired or was sent from another page. Please enter the password again.",
  wrong: "That password is not right. Please try again.",
  tooMany: (seconds: number) =>
    `Too many wrong passwords. Please wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""} and try again.`,
};

type PageContext = Context<AppEnv>;

/** One kind of shareable page: how to find its subject by id (any account's) and how to show it. */
export interface SharedPage<T extends SharedSubject> {
  kind: SharedSubject["kind"];
  find(db: Db, id: number): Promise<T | undefined>;
  /** `db`: where the subject was found (the primary, when the replica did not have it yet), to read the rest there. */
  render(c: PageContext, subject: T, options: { noindex: boolean; db: Db }): Response | Promise<Response>;
}

const parseId = (text: string) => (/^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null);

async function hasUnlockCookie(c: PageContext, secret: string, subject: SharedSubject) {
  const token = getCookie(c, unlockCookieName(subjectKey(subject)));
  return isValidUnlockToken(secret, { key: subjectKey(subject), accessVersion: subject.accessVersion }, token, Date.now());
}

/** 303 so that reloading the next page is a GET, not a second POST of the password. */
async function redirectTo(c: PageContext, path: string) {
  const response = c.redirect(path, 303);
  for (const [name, value] of Object.entries(await pageSecurityHeaders())) response.headers.set(name, value);
  return response;
}

/**
 * `/{kind}s/:id` and its unlock form, with the report pages' privacy model: private and missing look the same
 * (404), public is open to anyone with the link, password asks for it (CSRF, rate limit, signed cookie).
 */
export function sharedPageRoutes<T extends SharedSubject>(page: SharedPage<T>) {
  /**
   * The subject behind the path if its page may exist at all, and the db it was found in: private and missing
   * subjects look the same.
   */
  async function findShown(c: PageContext) {
    const id = parseId(c.req.param("id") ?? "");
    if (id === null) return undefined;
    const shown = await findWhereItIs(c.var.session, (db) => page.find(db, id));
    return shown && shown.found.privacy !== 1 ? shown : undefined;
  }

  const base = `/${page.kind}s/:id`;
  return new Hono<AppEnv>()
    .get(base, async (c) => {
      const shown = await findShown(c);
      if (!shown) return sendNotFoundPage(c);
      const { found: subject, db } = shown;
      if (subject.privacy === 2) {
        const secret = c.var.settings.reportCookieSecret;
        if (!secret) return sendPasswordPage(c, subject, { secret, status: 503, error: messages.noSecret });
        if (!(await hasUnlockCookie(c, secret, subject))) return sendPasswordPage(c, subject, { secret });
      }
      return page.render(c, subject, { noindex: subject.privacy !== 0, db });
    })
    .post(`${base}/unlock`, bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text("The form is too large.", 413) }), async (c) => {
      const subject = (await findShown(c))?.found;
      if (!subject) return sendNotFoundPage(c);
      const pagePath = subjectPath(subject);
      const key = subjectKey(subject);
      if (subject.privacy !== 2) return redirectTo(c, pagePath);
      const secret = c.var.settings.reportCookieSecret;
      if (!secret) return sendPasswordPage(c, subject, { secret, status: 503, error: messages.noSecret });

      const form = await c.req.parseBody();
      const nonce = getCookie(c, csrfCookieName(key));
      if (!isSameOriginRequest(c.req.raw.headers, c.req.url) || !(await isValidCsrf(secret, key, nonce, form[CSRF_FIELD]))) {
        return sendPasswordPage(c, subject, { secret, status: 403, error: messages.csrf });
      }

      // A POST's session starts on the primary: the wrong tries are counted where every attempt sees them.
      const { db } = c.var;
      const client = unlockClient(c.req.raw.headers);
      const now = Date.now();
      const retryAfter = await unlockRetryAfter(db, attemptsKey(subject), client, now);
      if (retryAfter > 0) {
        return sendPasswordPage(c, subject, { secret, status: 429, error: messages.tooMany(retryAfter), headers: { "Retry-After": String(retryAfter) } });
      }
      const password = form.password;
      const correct = typeof password === "string" && subject.passwordHash !== null && (await verifyPassword(password, subject.passwordHash));
      if (!correct) {
        await recordWrongTry(db, attemptsKey(subject), client, now);
        return sendPasswordPage(c, subject, { secret, status: 401, error: messages.wrong });
      }

      const token = await createUnlockToken(secret, { key, accessVersion: subject.accessVersion }, now);
      const cookie = { httpOnly: true, secure: isHttps(c), path: pagePath };
      setCookie(c, unlockCookieName(key), token, { ...cookie, sameSite: "Lax", maxAge: UNLOCK_TTL_SECONDS });
      deleteCookie(c, csrfCookieName(key), cookie);
      return redirectTo(c, pagePath);
    });
}
