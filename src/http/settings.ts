import { createMiddleware } from "hono/factory";
import { config } from "../config";
import type { AppEnv } from "../env";

/**
 * The parsed config on the context as `c.var.settings`: the one place a request reads its vars, so routes hand
 * plain settings down. `config` caches per env object, so this parses once per isolate; a malformed var throws
 * here, and the request answers the usual 500 (docs/configuration.md).
 */
export const withSettings = createMiddleware<AppEnv>(async (c, next) => {
  c.set("settings", config(c.env));
  await next();
});
