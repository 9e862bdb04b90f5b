import { z } from "zod";
import { deletedSchema, errorResponses, listSchema, ok, parameters, ref, schemaOf, type OpenApiPart } from "../http/openapi-helpers";
import { listProjectsQuery, projectParam } from "./schemas";

/** The project resource of src/projects/list-projects.ts (checked against real answers in tests). */
export const projectResource = z.object({
  project: z.string().meta({ description: "The host name: the project's key." }),
  reports: z.int().min(1),
  score: z.int().min(0).max(100).nullable().meta({ description: "Average score of its analysed reports." }),
  result: z.enum(["good", "decent", "bad"]).nullable(),
  created_at: z.iso.datetime(),
});

/** With `fields=`, a project has `project` and the fields asked for. */
export const projectFieldsResource = projectResource.partial().required({ project: true });

export const projectsOpenApi: OpenApiPart = {
  tags: [{ name: "projects", description: "The reports of one host, grouped." }],
  schemas: { ProjectFields: schemaOf(projectFieldsResource) },
  paths: {
    "/api/v1/projects": {
      get: {
        operationId: "listProjects",
        summary: "List projects",
        description: "Search by name; sort; page. `fields` picks the fields of each project.",
        tags: ["projects"],
        parameters: parameters(listProjectsQuery, "query"),
        responses: { "200": ok("A page of projects.", listSchema(ref("ProjectFields"))), ...errorResponses(422) },
      },
    },
    "/api/v1/projects/{project}": {
      delete: {
        operationId: "deleteProject",
        summary: "Delete a project and all of its reports",
        tags: ["projects"],
        parameters: parameters(projectParam, "path"),
        responses: { "200": ok("Deleted.", deletedSchema("project", { type: "string" })), ...errorResponses(404) },
      },
    },
  },
};
