import { z } from "zod";
import { devices } from "./lab-device";

const element = z.object({ selector: z.string(), snippet: z.string() }).meta({ description: "Lighthouse's selector of the element, and its opening tag." });
const ms = z.int().min(0);

/** A report's `metrics` (analysis/types.ts LabMetrics), as stored and served: docs/analysis.md "Page experience". */
export const labMetricsResource = z
  .object({
    device: z.enum(devices),
    lcp_ms: ms.nullable().meta({ description: "Largest Contentful Paint; null when nothing contentful painted." }),
    lcp_element: element.nullable(),
    cls: z.number().min(0).meta({ description: "Cumulative Layout Shift." }),
    layout_shifts: z
      .array(z.object({ score: z.number(), at_ms: ms, elements: z.array(element) }))
      .meta({ description: "The largest layout shifts (at most 5), each with up to 3 of the elements that moved." }),
    fcp_ms: ms.nullable(),
    ttfb_ms: ms.nullable(),
    tbt_ms: ms.meta({ description: "Total Blocking Time, as Lighthouse sums it." }),
    long_tasks: ms,
    longest_task_ms: ms,
    bytes: ms.meta({ description: "Bytes transferred by the page and everything it loaded (Resource Timing)." }),
    bytes_by_type: z.record(z.string(), ms),
    requests: ms,
    dom_elements: ms,
  })
  .meta({ id: "LabMetrics", description: "What the rendered page measured while it loaded; null on a report that was not rendered." });
