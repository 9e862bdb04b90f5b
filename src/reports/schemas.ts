import { z } from "zod";
import { fieldsParam } from "../http/fields";
import { reportSchedules } from "../db/schema";
import { listParams, oneOf } from "../http/list-params";

export const privacyValues = [0, 1, 2] as const;

/** Forms send "1", JSON sends 1: both are accepted, anything else names the allowed values. */
export const integerOf = <const T extends readonly number[]>(field: string, values: T) =>
  z
    .union([z.enum(values.map(String) as [string, ...string[]]), z.number()], {
      error: `The ${field} field must be one of ${values.join(", ")}.`,
    })
    .transform((v) => Number(v))
    .refine((v): v is T[number] => values.includes(v), { error: `The ${field} field must be one of ${values.join(", ")}.` });

export const password = z
  .string({ error: "The password field must be a string." })
  .min(1, "The password field must be 1 to 128 characters.")
  .max(128, "The password field must be 1 to 128 characters.");

/** The report resource's fields, in its order (src/reports/serialize.ts), for `fields=`. */
export const reportFields = [
  "id", "url", "final_url", "project", "privacy", "password", "status", "score", "previous_score", "result", "issues",
  "results", "error", "schedule", "next_run_at", "page_url", "generated_at", "created_at", "updated_at",
] as const;

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

const bodyError = { error: "The request body must be an object of fields." };

export const storeReportBody = z.object({
  url: z
    .string({ error: "The url field is required." })
    .trim()
    .min(1, "The url field is required.")
    .max(2048, "The url field must be at most 2048 characters."),
  privacy: integerOf("privacy", privacyValues).default(0),
  password: password.optional(),
  schedule: oneOf("schedule", reportSchedules).default("none"),
}, bodyError);

export const updateReportBody = z.object({
  schedule: oneOf("schedule", reportSchedules).optional(),
  privacy: integerOf("privacy", privacyValues).optional(),
  password: password.optional(),
  update: integerOf("update", [0, 1] as const).default(0),
}, bodyError);

export const reportIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The report id must be a positive integer.").transform(Number),
});

export type ListReportsQuery = z.output<typeof listReportsQuery>;
export type StoreReportInput = z.output<typeof storeReportBody>;
export type UpdateReportInput = z.output<typeof updateReportBody>;
