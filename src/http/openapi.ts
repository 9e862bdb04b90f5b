// Helpers first: a resource module that imports them from here gets them initialised, not mid-cycle.
export * from "./openapi-helpers";
import { bookmarkParameter, commonSchemas, type OpenApiPart } from "./openapi-helpers";
import { projectsOpenApi } from "../projects/openapi";
import { reportsOpenApi } from "../reports/openapi";
import { monitoringOpenApi } from "../webhooks/openapi";
import { crawlsOpenApi } from "../crawls/openapi";

/** One line per resource: its module builds its paths (and named schemas) with the helpers. */
const parts: OpenApiPart[] = [reportsOpenApi, projectsOpenApi, monitoringOpenApi, crawlsOpenApi];

type Operation = { parameters?: unknown[] };

/** Every API operation reads the x-d1-bookmark header (src/http/d1-session.ts). */
function withBookmarkParameter(paths: OpenApiPart["paths"]): OpenApiPart["paths"] {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations as Record<string, Operation>).map(([method, op]) => [method, { ...op, parameters: [...(op.parameters ?? []), bookmarkParameter] }]),
      ),
    ]),
  );
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Pagegrade SEO report API",
      version: "1.0.0",
      description: "Audits web pages for SEO: create a report for a URL, then read its score, result and the verdict of every check.",
      license: { name: "UNLICENSED", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    tags: parts.flatMap((part) => part.tags),
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "pg_... API key" } },
      schemas: Object.assign({}, commonSchemas, ...parts.map((part) => part.schemas ?? {})),
    },
    paths: withBookmarkParameter(Object.assign({}, ...parts.map((part) => part.paths))),
  };
}
