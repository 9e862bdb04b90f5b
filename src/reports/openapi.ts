import { z } from "zod";
import {
  dataSchema, deletedSchema, errorResponses, listSchema, locationHeader, ok, parameters, ref, requestBody, schemaOf, withCsv,
  type OpenApiPart,
} from "../http/openapi-helpers";
import { listReportsQuery, privacyValues, reportIdParam, showReportQuery, storeReportBody, updateReportBody } from "./schemas";
import { reportsCsvHeader } from "./export-reports";
import { reportSchedules } from "../db/schema";

const timestamp = z.iso.datetime();

const checkResult = z.object({
  category: z.enum(["seo", "performance", "security", "miscellaneous"]),
  importance: z.enum(["high", "medium", "low"]),
  passed: z.boolean(),
  value: z.unknown().meta({ description: "What the check found." }),
  errors: z.record(z.string(), z.unknown()).optional().meta({ description: "Only when the check failed." }),
});

/** The report resource of src/reports/serialize.ts, as the API answers it (checked against real answers in tests). */
export const reportResource = z.object({
  id: z.int().positive(),
  url: z.string(),
  final_url: z.string().nullable(),
  project: z.string(),
  privacy: z.union(privacyValues.map((v) => z.literal(v))),
  password: z.boolean().meta({ description: "Whether a password is set; the password itself is never returned." }),
  status: z.enum(["queued", "processing", "completed", "failed"]),
  score: z.int().min(0).max(100).nullable(),
  previous_score: z.int().min(0).max(100).nullable().meta({ description: "The previous completed generation's score." }),
  result: z.enum(["good", "decent", "bad"]).nullable(),
  issues: z.object({ high: z.int(), medium: z.int(), low: z.int() }),
  results: z.record(z.string(), checkResult).nullable().meta({ description: "Keyed by check id." }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  schedule: z.enum(reportSchedules),
  next_run_at: timestamp.nullable().meta({ description: "When the next scheduled audit is due (null without a schedule)." }),
  page_url: z.url(),
  generated_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** With `fields=`, a report has `id` and the fields asked for. */
export const reportFieldsResource = reportResource.partial().required({ id: true });

const reportId = parameters(reportIdParam, "path");
const report = dataSchema(ref("Report"), 200);

const update = (operationId: string, summary: string) => ({
  operationId,
  summary,
  description: "Without `update=1` it answers 200; with it, the report is queued again and it answers 202.",
  tags: ["reports"],
  parameters: reportId,
  requestBody: requestBody(updateReportBody),
  responses: {
    "200": ok("The updated report.", report),
    "202": ok("The report, queued for regeneration.", dataSchema(ref("Report"), 202)),
    ...errorResponses(404, 413, 415, 422, 503),
  },
});

export const reportsOpenApi: OpenApiPart = {
  tags: [{ name: "reports", description: "Audits of one page each." }],
  schemas: { Report: schemaOf(reportResource), ReportFields: schemaOf(reportFieldsResource) },
  paths: {
    "/api/v1/reports": {
      get: {
        operationId: "listReports",
        summary: "List reports",
        description: "Filter by url substring, project or result; sort; page. `fields` picks the fields of each report.",
        tags: ["reports"],
        parameters: parameters(listReportsQuery, "query"),
        responses: { "200": withCsv(ok("A page of reports, or with format=csv / Accept: text/csv every matching report as CSV.", listSchema(ref("ReportFields"))), reportsCsvHeader), ...errorResponses(422) },
      },
      post: {
        operationId: "storeReport",
        summary: "Create a report",
        description: "Stores the report as queued and queues its analysis.",
        tags: ["reports"],
        requestBody: requestBody(storeReportBody),
        responses: {
          "201": ok("The queued report.", dataSchema(ref("Report"), 201), locationHeader),
          ...errorResponses(413, 415, 422, 503),
        },
      },
    },
    "/api/v1/reports/{id}": {
      get: {
        operationId: "showReport",
        summary: "Show a report",
        tags: ["reports"],
        parameters: [...reportId, ...parameters(showReportQuery, "query")],
        responses: { "200": ok("The report.", dataSchema(ref("ReportFields"), 200)), ...errorResponses(404, 422) },
      },
      put: update("updateReport", "Update or regenerate a report"),
      patch: update("patchReport", "Update or regenerate a report (PATCH)"),
      delete: {
        operationId: "deleteReport",
        summary: "Delete a report",
        tags: ["reports"],
        parameters: reportId,
        responses: { "200": ok("Deleted.", deletedSchema("report", { type: "integer" })), ...errorResponses(404) },
      },
    },
  },
};
