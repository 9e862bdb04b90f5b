import { z } from "zod";
import { fieldsParam } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";

/** A project is named, not numbered: its key, always returned, is `project`. */
export const projectFields = ["project", "reports", "score", "result", "created_at"] as const;

export const listProjectsQuery = z.object({
  ...listParams,
  fields: fieldsParam(projectFields, "project"),
  search_by: oneOf("search_by", ["project"]).default("project"),
  sort_by: oneOf("sort_by", ["created_at", "project"]).default("created_at"),
});

export const projectParam = z.object({ project: z.string().min(1).max(255) });

export type ListProjectsQuery = z.output<typeof listProjectsQuery>;
