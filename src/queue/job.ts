import { z } from "zod";

export const analysisJobSchema = z.object({
  reportId: z.number().int().positive(),
  generation: z.number().int().positive(),
  crawlId: z.number().int().positive().optional(),
  crawlPageId: z.number().int().positive().optional(),
});
