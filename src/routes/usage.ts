import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { usageOf } from "../accounts/usage";
import { toUsageResource, usageResource } from "../accounts/usage-resource";
import { dataOf, errorResponses, ok } from "../http/openapi-responses";
import { routeHook } from "../http/validation";

const showRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "showUsage",
  summary: "Show this month's usage",
  description: "The calling account's counters for the current calendar month (UTC), their limits and when they reset (docs/api.md \"Usage\").",
  tags: ["usage"],
  responses: { 200: ok("The account's usage this month.", dataOf(usageResource, 200)), ...errorResponses() },
});

export const usageRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

usageRoutes.openapi(showRoute, async (c) => {
  const at = new Date();
  return c.json({ data: toUsageResource(await usageOf(c.var.db, c.var.caller.accountId, at), at), status: 200 as const }, 200);
});
