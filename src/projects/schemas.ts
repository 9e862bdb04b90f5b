import { z } from "zod";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";
import { writeBody } from "../http/write-body";

/** The project resource of src/projects/list-projects.ts (checked against real answers in tests). */
export const projectResource = z.object({
  project: z.string().meta({ description: "The host name: the project's key." }),
  reports: z.int().min(1),
  score: z.int().min(0).max(100).nullable().meta({ description: "Average score of its analysed reports." }),
  result: z.enum(["good", "decent", "bad"]).nullable(),
  watch_robots: z.boolean().meta({ description: "Whether the cron watches its robots.txt (PATCH watch_robots)." }),
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

const watchMessage = "The watch_robots field must be one of 0, 1, true, false.";

/** PATCH /api/v1/projects/{project}: the first write on a project itself. */
export const updateProjectBody = writeBody({
  watch_robots: z
    .union([z.boolean(), z.enum(["0", "1", "true", "false"]), z.literal(0), z.literal(1)], { error: watchMessage })
    .transform((value) => value === true || value === 1 || value === "1" || value === "true"),
});

export const projectParam = z.object({ project: z.string().min(1).max(255) });

export type ListProjectsQuery = z.output<typeof listProjectsQuery>;
export type UpdateProjectInput = z.output<typeof updateProjectBody>;
