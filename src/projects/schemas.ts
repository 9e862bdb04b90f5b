import { z } from "zod";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";

/** The project resource of src/projects/list-projects.ts (checked against real answers in tests). */
export const projectResource = z.object({
  project: z.string().meta({ description: "The host name: the project's key." }),
  reports: z.int().min(1),
  score: z.int().min(0).max(100).nullable().meta({ description: "Average score of its analysed reports." }),
  result: z.enum(["good", "decent", "bad"]).nullable(),
  created_at: z.iso.datetime(),
});

/** A project is named, not numbered: its key, always returned, is `project`. */
export const projectFields = keysOf(projectResource);

/** With `fields=`, a project has `project` and the fields asked for. */
export const projectFieldsResource = withFields(projectResource, "project").meta({ id: "ProjectFields" });

export const listProjectsQuery = z.object({
  ...listParams,
  fields: fieldsParam(projectFields, "project"),
  search_by: oneOf("search_by", ["project"]).default("project"),
  sort_by: oneOf("sort_by", ["created_at", "project"]).default("created_at"),
});

export const projectParam = z.object({ project: z.string().min(1).max(255) });

export type ListProjectsQuery = z.output<typeof listProjectsQuery>;
