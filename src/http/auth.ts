import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { bearerKey, findCaller, findDirectoryEntry, hashApiKey, touchApiKey, type DirectoryEntry } from "../accounts/api-keys";
import { directoryCache } from "../accounts/directory-cache";
import { createDb } from "../db/client";
import { directoryDatabase, isSingleDatabase, onShard } from "../db/shards";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { useShardSession } from "./d1-session";

const unauthenticated = () => new ApiError(401, "Unauthenticated.", undefined, { "WWW-Authenticate": "Bearer" });

/** Seconds a client waits before writing again to an account being moved: a move copies for minutes, not hours. */
export const MOVING_RETRY_AFTER_SECONDS = 120;

/**
 * With shards: the key's directory entry from this isolate's cache, or from one indexed read of the directory (the
 * primary, outside the request's session: a bookmark belongs to the shard), whose answer is then kept.
 */
async function findEntry(c: Context<AppEnv>): Promise<DirectoryEntry | null> {
  const key = bearerKey(c.req.header("authorization"));
  if (!key) return null;
  const keyHash = await hashApiKey(key);
  const now = Date.now();
  const cached = directoryCache.get(keyHash, now);
  if (cached) return cached;
  const directory = createDb(directoryDatabase(c.env));
  const entry = await findDirectoryEntry(directory, keyHash);
  if (!entry) return null;
  directoryCache.set(keyHash, entry, now, c.var.settings.directoryCacheSeconds);
  // Last use is written when the directory is read: at most once per cached minute, as before shards.
  c.executionCtx.waitUntil(touchApiKey(directory, entry.keyId).run().catch(() => undefined));
  return entry;
}

/**
 * The caller of the request's key. One database (no DIRECTORY, no DB_1): the key is read through the request's
 * session, as before shards. With shards: the directory says which shard holds the account, and the request's env
 * and session move there once, here, so nothing below knows there are shards (src/db/shards.ts).
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  if (isSingleDatabase(c.env)) {
    const caller = await findCaller(c.var.db, c.req.header("authorization"));
    if (!caller) throw unauthenticated();
    c.set("caller", caller);
    c.executionCtx.waitUntil(touchApiKey(c.var.db, caller.keyId).run().catch(() => undefined));
    await next();
    return;
  }
  const entry = await findEntry(c);
  if (!entry) throw unauthenticated();
  c.set("caller", { keyId: entry.keyId, accountId: entry.accountId });
  if (entry.moving && c.req.method !== "GET" && c.req.method !== "HEAD") {
    throw new ApiError(503, "This account is being moved to another database: reads are served, writes resume in a few minutes.", undefined, {
      "Retry-After": String(MOVING_RETRY_AFTER_SECONDS),
    });
  }
  c.env = onShard(c.env, entry.shard);
  useShardSession(c);
  await next();
});

/** 240 requests a minute per key (the Workers rate-limit binding); over it, 429 with Retry-After. */
export const rateLimitPerKey = createMiddleware<AppEnv>(async (c, next) => {
  const { success } = await c.env.API_RATE_LIMITER.limit({ key: `key:${c.var.caller.keyId}` });
  if (!success) {
    throw new ApiError(429, "Too many requests: the limit is 240 a minute per API key.", undefined, { "Retry-After": "60" });
  }
  await next();
});
