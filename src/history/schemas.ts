import { z } from "zod";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams } from "../http/list-params";
import { fieldRecordResource } from "../analysis/field-record-schema";
import { labMetricsResource } from "../analysis/lab-metrics-schema";

/** A history entry of src/history/serialize.ts (checked against real answers in tests); its key is the generation. */
export const historyEntry = z
  .object({
    generation: z.int().positive(),
    status: z.enum(["completed", "failed"]),
    score: z.int().min(0).max(100).nullable(),
    result: z.enum(["good", "decent", "bad"]).nullable(),
    issues: z.object({ high: z.int(), medium: z.int(), low: z.int() }),
    failed_checks: z.array(z.string()).meta({ description: "The ids of the checks that failed." }),
    metrics: labMetricsResource.nullable().meta({ description: "The rendered page's lab metrics of this generation; null when it was not rendered." }),
    field: fieldRecordResource
      .nullable()
      .meta({ description: "The field data of this generation (the Chrome UX Report's p75 that `core_web_vitals` judged), beside the lab's `metrics`; null without a CRUX_API_KEY or without data." }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    generated_at: z.iso.datetime(),
    changes: z
      .object({ score_delta: z.int(), newly_failed: z.array(z.string()), newly_passed: z.array(z.string()) })
      .nullable()
      .meta({ description: "Against the previous completed generation; null without one, or for a failed one." }),
  })
  .meta({ id: "HistoryEntry" });

/** A history entry's fields, in its order, for `fields=`. */
export const historyFields = keysOf(historyEntry);

/** With `fields=`, an entry has `generation` and the fields asked for. */
export const historyFieldsEntry = withFields(historyEntry, "generation").meta({ id: "HistoryEntryFields" });

export const listHistoryQuery = z.object({ per_page: listParams.per_page, page: listParams.page, fields: fieldsParam(historyFields) });
export type ListHistoryQuery = z.output<typeof listHistoryQuery>;
