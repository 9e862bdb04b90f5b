import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { pickFields } from "../http/fields";
import { deletedOf, errorResponses, ok, pageOf } from "../http/openapi-responses";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook } from "../http/validation";
import { deleteProject } from "../projects/delete-project";
import { listProjects, toProjectResource } from "../projects/list-projects";
import { listProjectsQuery, projectFieldsResource, projectParam } from "../projects/schemas";

const tags = ["projects"];

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listProjects",
  summary: "List projects",
  description: "Search by name; sort; page. `fields` picks the fields of each project.",
  tags,
  request: { query: listProjectsQuery },
  responses: { 200: ok("A page of projects.", pageOf(projectFieldsResource)), ...errorResponses(422) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{project}",
  operationId: "deleteProject",
  summary: "Delete a project and all of its reports",
  tags,
  middleware: [pathFirst(projectParam)],
  request: { params: projectParam },
  responses: { 200: ok("Deleted.", deletedOf("project", projectParam.shape.project)), ...errorResponses(404) },
});

export const projectRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

projectRoutes.openapi(listRoute, async (c) => {
  const query = c.req.valid("query");
  const { rows, total, page } = await listProjects(c.var.db, c.var.caller.accountId, query);
  return c.json(listEnvelope(c, rows.map((row) => pickFields(toProjectResource(row), query.fields)), total, page), 200);
});

projectRoutes.openapi(deleteRoute, async (c) => {
  const { project } = c.req.valid("param");
  await deleteProject(c.var.db, c.var.caller.accountId, project);
  return c.json({ id: project, object: "project", deleted: true, status: 200 }, 200);
});
