import { z } from "zod";
import { allChecks } from "../analysis/checks/index";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { reportSchedules } from "../db/schema";
import { listParams, oneOf } from "../http/list-params";
import { writeBody } from "../http/write-body";
import { authField, authSummary } from "../targets/auth-field";
import { integerOf, password, privacyValues, renderValues } from "../targets/write-fields";
import { devices } from "../analysis/lab-device";
import { labMetricsResource } from "../analysis/lab-metrics-schema";

const timestamp = z.iso.datetime();

export const checkCategories = ["seo", "performance", "security", "miscellaneous", "rendering", "ai"] as const;
export const checkImportances = ["high", "medium", "low"] as const;
export const checkCategory = z.enum(checkCategories);
export const checkImportance = z.enum(checkImportances);

const checkResult = z.object({
  category: checkCategory,
  importance: checkImportance,
  passed: z.boolean(),
  value: z.unknown().meta({ description: "What the check found." }),
  errors: z.record(z.string(), z.unknown()).optional().meta({ description: "Only when the check failed." }),
  applicable: z
    .literal(false)
    .optional()
    .meta({ description: "Only on a check that could not apply to the page: it passed and was left out of the score." }),
});

/** The report resource of src/reports/serialize.ts, as the API answers it (checked against real answers in tests). */
export const reportResource = z
  .object({
    id: z.int().positive(),
    url: z.string(),
    final_url: z.string().nullable(),
    project: z.string(),
    privacy: z.union(privacyValues.map((v) => z.literal(v))),
    render: z
      .union(renderValues.map((v) => z.literal(v)))
      .meta({ description: "1: audited in a real browser, the `rendering` checks compare raw and rendered HTML (docs/rendering.md)." }),
    device: z
      .enum(devices)
      .meta({ description: "The screen and throttling a rendered audit measures with: Lighthouse's mobile (Slow 4G, 4x CPU) or desktop (docs/analysis.md)." }),
    password: z.boolean().meta({ description: "Whether a password is set; the password itself is never returned." }),
    auth: authSummary,
    status: z.enum(["queued", "processing", "completed", "failed"]),
    score: z.int().min(0).max(100).nullable(),
    previous_score: z.int().min(0).max(100).nullable().meta({ description: "The previous completed generation's score." }),
    result: z.enum(["good", "decent", "bad"]).nullable(),
    issues: z.object({ high: z.int(), medium: z.int(), low: z.int() }),
    results: z
      .record(z.string(), checkResult)
      .nullable()
      .meta({ description: `Keyed by check id (the rendering ones only in a rendered report): ${allChecks.map((check) => `${check.id} (${check.category})`).join(", ")}.` }),
    metrics: labMetricsResource.nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    attempts: z.int().min(0).nullable().meta({ description: "Attempts of the running analysis made so far; null once it has ended." }),
    last_error: z
      .object({ code: z.string(), message: z.string(), at: timestamp })
      .nullable()
      .meta({ description: "While a retry is due: the temporary failure of the last attempt (null when not retrying)." }),
    next_attempt_at: timestamp.nullable().meta({ description: "While a retry is due: when the next attempt starts (null when not retrying)." }),
    schedule: z.enum(reportSchedules),
    next_run_at: timestamp.nullable().meta({ description: "When the next scheduled audit is due (null without a schedule)." }),
    page_url: z.url(),
    generated_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Report" });

/** The report resource's fields, in its order, for `fields=`. */
export const reportFields = keysOf(reportResource);

/** With `fields=`, a report has `id` and the fields asked for. */
export const reportFieldsResource = withFields(reportResource, "id").meta({ id: "ReportFields" });

const reportFieldsParam = fieldsParam(reportFields);

export const showReportQuery = z.object({ fields: reportFieldsParam });

export const listReportsQuery = z.object({
  ...listParams,
  fields: reportFieldsParam,
  search_by: oneOf("search_by", ["url"]).default("url"),
  project: z.string({ error: "The project field must be a string." }).max(255).optional(),
  result: oneOf("result", ["good", "decent", "bad"]).optional(),
  sort_by: oneOf("sort_by", ["id", "generated_at", "url", "score"]).default("id"),
  // csv: every matching report as a CSV download (also chosen by `Accept: text/csv`); page and per_page then do not apply.
  format: oneOf("format", ["json", "csv"]).optional(),
});

export const storeReportBody = writeBody({
  url: z
    .string({ error: "The url field is required." })
    .trim()
    .min(1, "The url field is required.")
    .max(2048, "The url field must be at most 2048 characters."),
  privacy: integerOf("privacy", privacyValues).default(0),
  password: password.optional(),
  schedule: oneOf("schedule", reportSchedules).default("none"),
  auth: authField,
  render: integerOf("render", renderValues).default(0),
  device: oneOf("device", devices).default("mobile"),
});

export const updateReportBody = writeBody({
  schedule: oneOf("schedule", reportSchedules).optional(),
  privacy: integerOf("privacy", privacyValues).optional(),
  password: password.optional(),
  auth: authField,
  render: integerOf("render", renderValues).optional(),
  device: oneOf("device", devices).optional(),
  update: integerOf("update", [0, 1] as const).default(0),
});

export const reportIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The report id must be a positive integer.").transform(Number),
});

export type ListReportsQuery = z.output<typeof listReportsQuery>;
export type StoreReportInput = z.output<typeof storeReportBody>;
export type UpdateReportInput = z.output<typeof updateReportBody>;
