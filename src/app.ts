import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppEnv } from "./env";
import { requireApiKey, rateLimitPerKey } from "./http/auth";
import { d1Session } from "./http/d1-session";
import { withSettings } from "./http/settings";
import { limitBody } from "./http/body-limit";
import { notFound, renderError } from "./http/errors";
import { apiReference, OPENAPI_PATH, REFERENCE_SCRIPT_PATH, referenceScript } from "./api-reference";
import { openApiDocument } from "./openapi";
import { crawlRoutes } from "./routes/crawls";
import { crawlIssueRoutes } from "./routes/crawl-issues";
import { projectRoutes } from "./routes/projects";
import { sendNotFoundPage } from "./page/not-found-page";
import { pageRoutes } from "./routes/pages";
import { reportRoutes } from "./routes/reports";
import { historyRoutes } from "./routes/history";
import { changeRoutes } from "./routes/changes";
import { webhookRoutes } from "./routes/webhooks";
import { usageRoutes } from "./routes/usage";
import { mcpRoutes } from "./mcp/route";

/** The JSON API under /api/v1: mount it on another Hono app with `app.route("/", createApi())`. */
export function createApi() {
  const api = new OpenAPIHono<AppEnv>();
  // The document and its readable reference need no key; neither is an operation of the document.
  api.get(OPENAPI_PATH, (c) => c.json(openApiDocument(api, new URL(c.req.url).origin)));
  api.get("/api/v1/docs", apiReference);
  api.get(REFERENCE_SCRIPT_PATH, referenceScript);
  api.use("/api/v1/*", withSettings, d1Session);
  api.use("/api/v1/*", requireApiKey, rateLimitPerKey);
  api.use("/api/v1/*", limitBody);
  api.route("/api/v1/reports", historyRoutes);
  api.route("/api/v1/reports", reportRoutes);
  api.route("/api/v1/webhooks", webhookRoutes);
  api.route("/api/v1/projects", projectRoutes);
  api.route("/api/v1/crawls", crawlRoutes);
  api.route("/api/v1/crawls", crawlIssueRoutes);
  // Last: its paths (/reports/{id}/changes, /projects/{project}/changes) join the document after the older ones.
  api.route("/api/v1", changeRoutes);
  api.route("/api/v1/usage", usageRoutes);
  api.all("/api/v1/*", () => notFound());
  api.onError(renderError);
  return api;
}

export interface AppOptions {
  /** Serve the MCP endpoint at /mcp (docs/mcp.md); true unless set to false. */
  mcp?: boolean;
}

/** The whole service: the API, /mcp, the report pages, one error shape and one not-found answer. */
export function createApp({ mcp = true }: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.route("/", createApi());
  if (mcp) app.route("/mcp", mcpRoutes);
  app.route("/", pageRoutes);
  // The API answers in JSON everywhere under /api; a person following a wrong link gets an HTML page.
  app.notFound((c) =>
    c.req.path === "/api" || c.req.path.startsWith("/api/")
      ? c.json({ message: "Resource not found.", status: 404 }, 404)
      : sendNotFoundPage(c),
  );
  app.onError(renderError);
  return app;
}
