import { z } from "zod";
import { changeFields, changeSeverities } from "../db/schema";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";

/** A change of src/history/serialize-change.ts (checked against real answers in tests). */
export const changeResource = z
  .object({
    id: z.int().positive(),
    report: z.int().positive().nullable().meta({ description: "The report whose page changed; null for a robots_txt change of the project." }),
    project: z.string().meta({ description: "The report's project (its host)." }),
    field: z.enum(changeFields),
    before: z.string().nullable(),
    after: z.string().nullable(),
    severity: z.enum(changeSeverities).meta({
      description:
        "critical: indexability flipped, status moved into or out of 2xx, canonical now points elsewhere, redirect target changed, robots.txt; " +
        "warning: title, description, H1, robots directives, hreflang changed or removed, structured-data types removed; info: text, word count (over 20%), types added.",
    }),
    generation: z.int().positive().nullable().meta({ description: "The report's generation that found it (null for robots_txt)." }),
    detected_at: z.iso.datetime(),
  })
  .meta({ id: "Change" });

export const changeFieldNames = keysOf(changeResource);

/** With `fields=`, a change has `id` and the fields asked for. */
export const changeFieldsResource = withFields(changeResource, "id").meta({ id: "ChangeFields" });

export const listChangesQuery = z.object({
  per_page: listParams.per_page,
  page: listParams.page,
  fields: fieldsParam(changeFieldNames),
  severity: oneOf("severity", changeSeverities).optional().meta({ description: "That severity and above." }),
  field: oneOf("field", changeFields).optional(),
  // csv: every change matching the filters as a CSV download (also chosen by `Accept: text/csv`); page and per_page then do not apply.
  format: oneOf("format", ["json", "csv"]).optional(),
});

export type ListChangesQuery = z.output<typeof listChangesQuery>;
