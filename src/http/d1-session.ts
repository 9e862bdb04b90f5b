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

/** One D1 session per API request; every response that ran a query carries the session's latest bookmark. */
export const d1Session = createMiddleware<AppEnv>(async (c, next) => {
  const session = openRequestSession(c.env.DB, sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER)));
  c.set("session", session);
  c.set("db", session.db);
  await next();
  const bookmark = session.bookmark();
  if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
});
