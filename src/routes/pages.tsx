import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { verifyPassword } from "../crypto/password";
import { createDb } from "../db/client";
import type { AppEnv } from "../env";
import { cookieSecret } from "../page/cookie-secret";
import { CSRF_FIELD, csrfCookieName, isSameOriginRequest, isValidCsrf } from "../page/csrf";
import { sendErrorPage } from "../page/error-page";
import { sendHomePage } from "../page/home-page";
import { sendNotFoundPage } from "../page/not-found-page";
import { isHttps, sendPasswordPage } from "../page/password-page";
import { sendReportPage } from "../page/report-page";
import { HistorySection } from "../page/components/score-trend";
import { pageHistory } from "../history/since-last-audit";
import { pageSecurityHeaders } from "../page/respond";
import { createUnlockToken, isValidUnlockToken, UNLOCK_TTL_SECONDS, unlockCookieName } from "../page/unlock-cookie";
import { recordWrongTry, unlockClient, unlockRetryAfter } from "../page/unlock-limit";
import { findReportById } from "../reports/find-report";

const messages = {
  noSecret: "Password-protected reports cannot be opened right now: the server is missing its cookie secret. Please tell the report's owner.",
  csrf: "The form expired or was sent from another page. Please enter the password again.",
  wrong: "That password is not right. Please try again.",
  tooMany: (seconds: number) =>
    `Too many wrong passwords. Please wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""} and try again.`,
};

type PageContext = Context<AppEnv>;

const parseId = (text: string) => (/^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null);

/** The report behind /reports/:id if its page may exist at all: private and missing reports look the same. */
async function findShownReport(c: PageContext) {
  const id = parseId(c.req.param("id") ?? "");
  if (id === null) return undefined;
  const report = await findReportById(createDb(c.env.DB), id);
  return report && report.privacy !== 1 ? report : undefined;
}

async function hasUnlockCookie(c: PageContext, secret: string, report: { id: number; accessVersion: number }) {
  const token = getCookie(c, unlockCookieName(report.id));
  return isValidUnlockToken(secret, { reportId: report.id, accessVersion: report.accessVersion }, token, Date.now());
}

/** 303 so that reloading the next page is a GET, not a second POST of the password. */
async function redirectTo(c: PageContext, path: string) {
  const response = c.redirect(path, 303);
  for (const [name, value] of Object.entries(await pageSecurityHeaders())) response.headers.set(name, value);
  return response;
}

export const pageRoutes = new Hono<AppEnv>()
  .get("/", (c) => sendHomePage(c))
  .get("/reports/:id", async (c) => {
    const report = await findShownReport(c);
    if (!report) return sendNotFoundPage(c);
    if (report.privacy === 2) {
      const secret = cookieSecret(c.env);
      if (!secret) return sendPasswordPage(c, report.id, { secret, status: 503, error: messages.noSecret });
      if (!(await hasUnlockCookie(c, secret, report))) return sendPasswordPage(c, report.id, { secret });
    }
    const { rows, since } = await pageHistory(createDb(c.env.DB), report.id);
    return sendReportPage(c, report, { noindex: report.privacy !== 0, history: <HistorySection rows={rows} since={since} /> });
  })
  .post("/reports/:id/unlock", bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text("The form is too large.", 413) }), async (c) => {
    const report = await findShownReport(c);
    if (!report) return sendNotFoundPage(c);
    const pagePath = `/reports/${report.id}`;
    if (report.privacy !== 2) return redirectTo(c, pagePath);
    const secret = cookieSecret(c.env);
    if (!secret) return sendPasswordPage(c, report.id, { secret, status: 503, error: messages.noSecret });

    const form = await c.req.parseBody();
    const nonce = getCookie(c, csrfCookieName(report.id));
    if (!isSameOriginRequest(c.req.raw.headers, c.req.url) || !(await isValidCsrf(secret, report.id, nonce, form[CSRF_FIELD]))) {
      return sendPasswordPage(c, report.id, { secret, status: 403, error: messages.csrf });
    }

    const db = createDb(c.env.DB);
    const client = unlockClient(c.req.raw.headers);
    const now = Date.now();
    const retryAfter = await unlockRetryAfter(db, report.id, client, now);
    if (retryAfter > 0) {
      return sendPasswordPage(c, report.id, { secret, status: 429, error: messages.tooMany(retryAfter), headers: { "Retry-After": String(retryAfter) } });
    }
    const password = form.password;
    const correct = typeof password === "string" && report.passwordHash !== null && (await verifyPassword(password, report.passwordHash));
    if (!correct) {
      await recordWrongTry(db, report.id, client, now);
      return sendPasswordPage(c, report.id, { secret, status: 401, error: messages.wrong });
    }

    const token = await createUnlockToken(secret, { reportId: report.id, accessVersion: report.accessVersion }, now);
    const cookie = { httpOnly: true, secure: isHttps(c), path: pagePath };
    setCookie(c, unlockCookieName(report.id), token, { ...cookie, sameSite: "Lax", maxAge: UNLOCK_TTL_SECONDS });
    deleteCookie(c, csrfCookieName(report.id), cookie);
    return redirectTo(c, pagePath);
  })
  .onError(sendErrorPage);
