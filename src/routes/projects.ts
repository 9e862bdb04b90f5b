import { Hono } from "hono";
import type { AppEnv } from "../env";
import { pickFields } from "../http/fields";
import { listEnvelope } from "../http/pagination";
import { validate } from "../http/validation";
import { deleteProject } from "../projects/delete-project";
import { listProjects, toProjectResource } from "../projects/list-projects";
import { listProjectsQuery, projectParam } from "../projects/schemas";

export const projectRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listProjectsQuery), async (c) => {
    const query = c.req.valid("query");
    const { rows, total, page } = await listProjects(c.var.db, c.var.caller.accountId, query);
    return c.json(listEnvelope(c, rows.map((row) => pickFields(toProjectResource(row), query.fields)), total, page));
  })
  .delete("/:project", validate("param", projectParam), async (c) => {
    const { project } = c.req.valid("param");
    await deleteProject(c.var.db, c.var.caller.accountId, project);
    return c.json({ id: project, object: "project", deleted: true, status: 200 });
  });
