import { z } from "zod";
import { listParams, oneOf } from "../http/list-params";

export const listProjectsQuery = z.object({
  ...listParams,
  search_by: oneOf("search_by", ["project"]).default("project"),
  sort_by: oneOf("sort_by", ["created_at", "project"]).default("created_at"),
});

export const projectParam = z.object({ project: z.string().min(1).max(255) });

export type ListProjectsQuery = z.output<typeof listProjectsQuery>;
