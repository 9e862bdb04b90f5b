import { createMiddleware } from "hono/factory";
import { openRequestSession, type SessionStart } from "../db/request-session";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

export const BOOKMARK_HEADER = "x-d1-bookmark";

// What D1's getBookmark() returns: three 8-digit and one 32-digit lower-case hex fields.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * Reads start from the client's bookmark (its own writes are visible) or anywhere; writes start on the primary,
 * which is at least as new as any bookmark. A malformed bookmark is a client bug worth seeing: 400, not ignored.
 */
export function sessionStart(method: string, header: string | undefined): SessionStart {
  const bookmark = header?.trim();
  if (bookmark && !BOOKMARK.test(bookmark)) {
    throw new ApiError(400, `The ${BOOKMARK_HEADER} header must be a bookmark as this API returned it.`);
  }
  if (method !== "GET" && method !== "HEAD") return "first-primary";
  return bookmark || "first-unconstrained";
}

/** Opens the request's session and puts it and its `db` on the context; `answerBookmark` adds the header. */
const sessionMiddleware = (bookmarkOf: (header: string | undefined) => string | undefined, answerBookmark: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = openRequestSession(c.env.DB, sessionStart(c.req.method, bookmarkOf(c.req.header(BOOKMARK_HEADER))));
    c.set("session", session);
    c.set("db", session.db);
    await next();
    const bookmark = answerBookmark && session.bookmark();
    if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
  });

/** One D1 session per API request; every response that ran a query carries the session's latest bookmark. */
export const d1Session = sessionMiddleware((header) => header, true);

/**
 * The same session for the HTML pages (src/routes/pages.tsx). A browser keeps no bookmark, so none is read or
 * answered: a page reads anywhere, and what is missing there is looked up on the primary (findOnPrimaryIfMissing).
 */
export const pageSession = sessionMiddleware(() => undefined, false);
