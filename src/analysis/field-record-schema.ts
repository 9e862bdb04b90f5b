import { z } from "zod";

const ms = z.int().min(0);

/** A Chrome UX Report record as `core_web_vitals` judged it (analysis/types.ts FieldRecord): docs/analysis.md "Field data". */
export const fieldRecordResource = z
  .object({
    source: z.enum(["url", "origin"]).meta({ description: "Whether the record is the page's own, or its origin's (the page had too few visits)." }),
    form_factor: z.enum(["PHONE", "DESKTOP"]),
    collection_period: z
      .object({ first: z.iso.date(), last: z.iso.date() })
      .nullable()
      .meta({ description: "The first and last day of the 28 days the record covers." }),
    p75: z
      .object({ lcp_ms: ms.nullable(), inp_ms: ms.nullable(), cls: z.number().min(0).nullable(), fcp_ms: ms.nullable(), ttfb_ms: ms.nullable() })
      .meta({ description: "The 75th percentiles; each null where the Chrome UX Report has too little data." }),
  })
  .meta({ id: "FieldRecord", description: "What real Chrome users saw (the Chrome UX Report's 75th percentiles)." });
