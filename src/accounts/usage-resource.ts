import { z } from "zod";
import { resetsAt, type CounterUsage, type UsageCounter } from "./usage";

const counterSchema = z
  .object({
    used: z.int().describe("Counted this month."),
    limit: z.int().nullable().describe("The account's monthly limit; null when it has none."),
    resets_at: z.iso.datetime().describe("When the counter starts again from zero: the first instant of the next UTC month."),
  })
  .meta({ id: "UsageCounter" });

/** GET /api/v1/usage: the calling account's counters for the current calendar month (UTC). */
export const usageResource = z
  .object({
    period: z.object({
      start: z.iso.datetime().describe("The first instant of the current UTC month."),
      end: z.iso.datetime().describe("The first instant of the next one, when every counter resets."),
    }),
    reports: counterSchema,
    crawl_pages: counterSchema,
    rendered: counterSchema,
  })
  .meta({
    id: "Usage",
    description:
      "`reports`: reports analysed through the API (created, or regenerated with update=1); `crawl_pages`: pages a crawl gave a report; `rendered`: those of them analysed in a browser.",
  });

export function toUsageResource(usage: Record<UsageCounter, CounterUsage>, at: Date) {
  const end = resetsAt(at);
  const counter = ({ used, limit }: CounterUsage) => ({ used, limit, resets_at: end });
  return {
    period: { start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString(), end },
    reports: counter(usage.reports),
    crawl_pages: counter(usage.crawl_pages),
    rendered: counter(usage.rendered),
  };
}
