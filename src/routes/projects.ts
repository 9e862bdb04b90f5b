import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { pickFields } from "../http/fields";
import { dataOf, deletedOf, errorResponses, ok, pageOf } from "../http/openapi-responses";
import { notFound } from "../http/errors";
import { setRobotsWatch } from "../history/watch-robots";
import { listEnvelope } from "../http/pagination";
import { pathFirst, routeHook, withBody } from "../http/validation";
import { deleteProject } from "../projects/delete-project";
import { findProjectRow, listProjects, toProjectResource } from "../projects/list-projects";
import { listProjectsQuery, projectFieldsResource, projectParam, projectResource, updateProjectBody } from "../projects/schemas";

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

const updateRoute = createRoute(
  withBody(
    updateProjectBody,
    {
      method: "patch",
      path: "/{project}",
      operationId: "updateProject",
      summary: "Update a project",
      description:
        "`watch_robots=1`: the cron reads the project's robots.txt every ROBOTS_WATCH_MINUTES and logs what changed " +
        "(content, unreachable, a watched page now disallowed) in the project's changes, with `project.changed`.",
      tags,
      request: { params: projectParam },
      responses: { 200: ok("The project.", dataOf(projectResource.meta({ id: "Project" }), 200)), ...errorResponses(404, 413, 415, 422) },
    },
    pathFirst(projectParam),
  ),
);

export const projectRoutes = new OpenAPIHono<AppEnv>({ defaultHook: routeHook });

projectRoutes.openapi(updateRoute, async (c) => {
  const { project } = c.req.valid("param");
  const accountId = c.var.caller.accountId;
  await setRobotsWatch(c.var.db, accountId, project, c.var.body.watch_robots);
  const row = (await findProjectRow(c.var.db, accountId, project)) ?? notFound();
  return c.json({ data: toProjectResource(row), status: 200 as const }, 200);
});

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
