import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { onShard, otherShardDatabases, shardDatabase, shardOfId } from "../db/shards";
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

/**
 * The request's session over `c.env.DB` (its shard's database), on the context with its `db`; `others`: the shards
 * a by-id lookup may look in after its own (the public pages' only).
 */
function openSession(c: Context<AppEnv>, bookmarkOf: (header: string | undefined) => string | undefined, others: D1Database[] = []) {
  const session = openRequestSession(c.env.DB, sessionStart(c.req.method, bookmarkOf(c.req.header(BOOKMARK_HEADER))), others);
  c.set("session", session);
  c.set("db", session.db);
}

/**
 * Opens the request's session again, over the shard the entry has just chosen (`c.env` as onShard made it):
 * the session of `DB` opened first ran no query there, and the client's bookmark is one of its shard's.
 */
export const useShardSession = (c: Context<AppEnv>) => openSession(c, (header) => header);

/** Opens the request's session and puts it and its `db` on the context; `answerBookmark` adds the header. */
const sessionMiddleware = (bookmarkOf: (header: string | undefined) => string | undefined, answerBookmark: boolean, elsewhere = false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    openSession(c, bookmarkOf, elsewhere ? otherShardDatabases(c.env) : []);
    const first = c.var.session;
    await next();
    if (!answerBookmark) return;
    // The session on the context at the end: the shard's, when the key's account lives on another one. With one
    // database the key's own lookup ran in the session, so even an answer refused before any other query (422, 404)
    // has a bookmark; a shard's session may have run nothing (the key came from the directory or its cache), and is
    // then read once, so that every answer of a known key carries one as edge.md says, on one database or many.
    const shardSession = c.var.session !== first;
    const bookmark = shardSession ? await c.var.session.readBookmark() : c.var.session.bookmark();
    if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
  });

/** One D1 session per API request; every response that ran a query carries the session's latest bookmark. */
export const d1Session = sessionMiddleware((header) => header, true);

/**
 * The same session for the HTML pages (src/routes/pages.tsx). A browser keeps no bookmark, so none is read or
 * answered: a page reads anywhere, and what is missing there is looked up on the primary (findOnPrimaryIfMissing),
 * then in every other shard, one read each (a moved account's ids still name the shard they were created on).
 */
export const pageSession = sessionMiddleware(() => undefined, false, true);

/**
 * Before a page's session: the shard its id names (`/reports/{id}`, `/crawls/{id}`: ids carry their shard, see
 * src/db/shards.ts), so a public page finds its row in one read without a key. An id of a shard this Worker does
 * not bind stays on DB, where it is not found: the usual 404.
 */
export const pageShard = createMiddleware<AppEnv>(async (c, next) => {
  const id = /^\/[a-z]+\/(\d{1,16})(?:\/|$)/.exec(c.req.path)?.[1];
  const shard = id === undefined ? 0 : shardOfId(Number(id));
  if (shard !== 0 && shardDatabase(c.env, shard)) c.env = onShard(c.env, shard);
  await next();
});
