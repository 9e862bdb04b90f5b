import { z } from "zod";
import { crawlPaths } from "../crawls/openapi";
import { listProjectsQuery, projectParam } from "../projects/schemas";
import { listReportsQuery, reportIdParam, storeReportBody, updateReportBody } from "../reports/schemas";

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

const inputSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** OpenAPI parameters straight from the zod schemas that validate the requests. */
export function parameters(schema: z.ZodType, where: "query" | "path") {
  const json = inputSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

export function requestBody(schema: z.ZodType) {
  const json = inputSchema(schema);
  const content = { schema: json };
  return {
    required: true,
    content: {
      "application/x-www-form-urlencoded": content,
      "multipart/form-data": content,
      "application/json": content,
    },
  };
}

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export const common = {
  "401": errorResponse("Missing, malformed, unknown or revoked API key (with WWW-Authenticate: Bearer)."),
  "429": errorResponse("More than 240 requests a minute for this key (with Retry-After)."),
};
export const ok = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });

export function openApiDocument(serverUrl: string) {
  const reportId = parameters(reportIdParam, "path");
  const update = {
    summary: "Update a report's privacy or password; update=1 regenerates it (202).",
    parameters: reportId,
    requestBody: requestBody(updateReportBody),
    responses: { "200": ok("The updated report."), "202": ok("Regeneration queued."), "404": errorResponse("No such report."), "422": errorResponse("Invalid input."), ...common },
  };
  return {
    openapi: "3.1.0",
    info: { title: "Pagegrade SEO report API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "pg_... API key" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message", "status"],
          properties: {
            message: { type: "string" },
            status: { type: "integer" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
          },
        },
      },
    },
    paths: {
      ...crawlPaths(),
      "/api/v1/reports": {
        get: {
          summary: "List reports.",
          parameters: parameters(listReportsQuery, "query"),
          responses: { "200": ok("A page of reports."), "422": errorResponse("Invalid parameter."), ...common },
        },
        post: {
          summary: "Create a report and queue its analysis.",
          requestBody: requestBody(storeReportBody),
          responses: { "201": ok("The queued report, with a Location header."), "413": errorResponse("Body over 64 KiB."), "422": errorResponse("Invalid input."), ...common },
        },
      },
      "/api/v1/reports/{id}": {
        get: { summary: "Show a report.", parameters: reportId, responses: { "200": ok("The report."), "404": errorResponse("No such report."), ...common } },
        put: update,
        patch: update,
        delete: { summary: "Delete a report.", parameters: reportId, responses: { "200": ok("Deleted."), "404": errorResponse("No such report."), ...common } },
      },
      "/api/v1/projects": {
        get: {
          summary: "List projects.",
          parameters: parameters(listProjectsQuery, "query"),
          responses: { "200": ok("A page of projects."), "422": errorResponse("Invalid parameter."), ...common },
        },
      },
      "/api/v1/projects/{project}": {
        delete: {
          summary: "Delete a project and all of its reports.",
          parameters: parameters(projectParam, "path"),
          responses: { "200": ok("Deleted."), "404": errorResponse("No such project."), ...common },
        },
      },
    },
  };
}
