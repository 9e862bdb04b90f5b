import { createMiddleware } from "hono/factory";
import { findCaller, touchApiKey } from "../accounts/api-keys";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

const unauthenticated = () => new ApiError(401, "Unauthenticated.", undefined, { "WWW-Authenticate": "Bearer" });

export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const caller = await findCaller(c.var.db, c.req.header("authorization"));
  if (!caller) throw unauthenticated();
  c.set("caller", caller);
  c.executionCtx.waitUntil(touchApiKey(c.var.db, caller.keyId).run().catch(() => undefined));
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
