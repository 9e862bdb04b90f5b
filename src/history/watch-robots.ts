import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { fetchRobots } from "../analysis/site-facts";
import type { Config } from "../config";
import { runBatch, returnedIds } from "../db/batch";
import type { Db } from "../db/client";
import { projects, projectWatches, reports } from "../db/schema";
import { notFound } from "../http/errors";
import { changeEventInserts } from "../webhooks/change-event";
import { enqueueDeliveries } from "../webhooks/enqueue-deliveries";
import { severityRank, type PageChange } from "./page-changes";
import { robotsChanges, robotsSeenOf, type RobotsSeen } from "./robots-changes";

/** Watches read per cron tick, oldest due first; the rest wait for the next minute. */
const WATCH_BATCH = 50;
/** The watched pages whose paths a new robots.txt is checked against: the project's newest reports. */
const WATCHED_PAGES = 100;
/** What is kept of a robots.txt between reads: enough to tell any real file's change, bounded per project. */
const MAX_KEPT_BODY = 64 * 1024;

/**
 * `PATCH /api/v1/projects/{project}` with `watch_robots`: the first write on a project itself (a project is its host).
 * Turning it on makes the watch due at once (the first read is the baseline); off stops it and forgets the file.
 */
export async function setRobotsWatch(db: Db, accountId: number, name: string, on: boolean, now = new Date()) {
  const project = await db.select({ name: projects.name }).from(projects).where(and(eq(projects.accountId, accountId), eq(projects.name, name))).get();
  if (!project) return notFound();
  const nextCheckAt = on ? Math.floor(now.getTime() / 1000) : null;
  await db
    .insert(projectWatches)
    .values({ accountId, project: project.name, watchRobots: on, nextCheckAt })
    .onConflictDoUpdate({
      target: [projectWatches.accountId, projectWatches.project],
      // Setting it again changes nothing: a watch already on keeps its baseline and its due time.
      set: on
        ? { watchRobots: true, nextCheckAt: sql`CASE WHEN ${projectWatches.watchRobots} = 1 THEN ${projectWatches.nextCheckAt} ELSE ${nextCheckAt} END` }
        : { watchRobots: false, nextCheckAt: null, robotsBody: null, robotsReachable: null, robotsCheckedAt: null },
    });
}

type Watch = typeof projectWatches.$inferSelect;

/** The project's newest report URLs: where its robots.txt is read (their origin, port included) and the pages it must allow. */
const watchedUrls = (db: Db, watch: Watch) =>
  db
    .select({ url: reports.url })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(projects.accountId, watch.accountId), eq(projects.name, watch.project)))
    .orderBy(desc(reports.id))
    .limit(WATCHED_PAGES)
    .then((rows) => rows.map((row) => new URL(row.url)));

/**
 * The cron's robots.txt watch (docs/monitoring.md "Changes and alerts"): each due project's robots.txt is read through
 * the fetch layer's guard, compared with the last read, and what changed is logged in the project's change log and
 * sent as `project.changed`, all in one batch with the watch's new state. The due time moves on first, in one
 * conditional UPDATE, so two overlapping ticks never read the same watch twice.
 */
export async function runRobotsWatches(db: Db, webhookQueue: Queue, settings: Pick<Config, "analysis" | "robotsWatchMinutes">, now = new Date()) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const due = await db
    .select()
    .from(projectWatches)
    .where(and(isNotNull(projectWatches.nextCheckAt), lte(projectWatches.nextCheckAt, nowSeconds)))
    .orderBy(asc(projectWatches.nextCheckAt))
    .limit(WATCH_BATCH);
  for (const watch of due) {
    const [claimed] = await db
      .update(projectWatches)
      .set({ nextCheckAt: nowSeconds + settings.robotsWatchMinutes * 60 })
      .where(and(eq(projectWatches.accountId, watch.accountId), eq(projectWatches.project, watch.project), eq(projectWatches.nextCheckAt, watch.nextCheckAt!)))
      .returning();
    if (claimed) await checkRobots(db, webhookQueue, settings, claimed, now);
  }
}

async function checkRobots(db: Db, webhookQueue: Queue, settings: Pick<Config, "analysis">, watch: Watch, now: Date) {
  const urls = await watchedUrls(db, watch);
  if (urls.length === 0) return;
  const facts = await fetchRobots(`${urls[0]!.origin}/robots.txt`, settings.analysis);
  const seen: RobotsSeen = robotsSeenOf(facts);
  const kept = seen.body === null ? null : seen.body.slice(0, MAX_KEPT_BODY);
  const before: RobotsSeen | null = watch.robotsCheckedAt === null ? null : { body: watch.robotsBody, reachable: watch.robotsReachable ?? false };
  const paths = [...new Set(urls.map((url) => url.pathname + url.search))];
  const found: PageChange[] = robotsChanges(before, { ...seen, body: kept }, paths);
  const at = now.toISOString();
  const stored = sql`EXISTS (SELECT 1 FROM project_watches WHERE account_id = ${watch.accountId} AND project = ${watch.project} AND robots_checked_at = ${at})`;
  const data = { project: watch.project, robots_url: facts.url, status: facts.status, detected_at: at };
  const results = await runBatch(db, [
    sql`UPDATE project_watches SET robots_body = ${kept}, robots_reachable = ${seen.reachable ? 1 : 0}, robots_checked_at = ${at}
        WHERE account_id = ${watch.accountId} AND project = ${watch.project}`,
    ...found.map(
      (change) => sql`
        INSERT INTO changes (account_id, project, report_id, generation, field, before, after, severity, rank, created_at)
        SELECT ${watch.accountId}, ${watch.project}, NULL, NULL, ${change.field}, ${change.before}, ${change.after}, ${change.severity},
          ${severityRank(change.severity)}, ${at}
        WHERE ${stored}`,
    ),
    ...changeEventInserts(watch.accountId, "project.changed", data, found, { eventKey: `project.changed:${watch.project}:${at}`, onlyIf: stored, now }),
  ]);
  await enqueueDeliveries(webhookQueue, returnedIds(results));
}
