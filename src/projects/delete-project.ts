import { and, eq } from "drizzle-orm";
import { changes, projects, projectWatches, reports } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";

/** Deletes every report of this account's project (their changes go with them), its watch and robots.txt changes, and the project, in one atomic batch. */
export async function deleteProject(db: Db, accountId: number, name: string): Promise<void> {
  const project = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.name, name)))
    .get();
  if (!project) return notFound();
  await db.batch([
    db.delete(reports).where(and(eq(reports.accountId, accountId), eq(reports.projectId, project.id))),
    db.delete(changes).where(and(eq(changes.accountId, accountId), eq(changes.project, name))),
    db.delete(projectWatches).where(and(eq(projectWatches.accountId, accountId), eq(projectWatches.project, name))),
    db.delete(projects).where(and(eq(projects.id, project.id), eq(projects.accountId, accountId))),
  ]);
}
