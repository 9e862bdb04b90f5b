import { createApp } from "./app";
import { config, type Config } from "./config";
import { directoryDatabase, onShard, shardDatabase, shardDatabases } from "./db/shards";
import { advanceMoves } from "./db/move-job";
import { runDueCrawls } from "./crawls/run-due-crawls";
import { pruneCrawls } from "./crawls/prune-crawls";
import { summarizeCompletedCrawls } from "./crawls/summarize-crawls";
import { sweepCrawls } from "./crawls/sweep-crawls";
import { createDb } from "./db/client";
import { dropStaleFieldData, fieldDatabase } from "./field/field-data";
import { handleQueue } from "./queue/dispatch";
import { queuesOf } from "./queues";
import { dropEndedProbes } from "./queue/host-probe";
import { dropEndedWaits } from "./queue/host-share";
import { dropExpiredHostSlots } from "./queue/host-slots";
import { dropExpiredSlowness } from "./queue/slowness";
import { failStaleReports } from "./reports/sweep-stale";
import { runDueSchedules } from "./reports/run-due-schedules";
import { runRobotsWatches } from "./history/watch-robots";
import { requeueLostDeliveries } from "./webhooks/requeue-lost";

const app = createApp();

/** The cron's jobs over one shard (`env` as onShard made it: DB is the shard, its queues stamp it). */
async function runShardJobs(env: Env, settings: Config, now: Date) {
  // The cron has no request session: its jobs read and write the database itself.
  const db = createDb(env.DB);
  const queues = queuesOf(env);
  // Independent jobs: one failing does not keep the others from running.
  const jobs = await Promise.allSettled([
    failStaleReports(db, queues.webhooks, settings),
    runDueSchedules(db, queues.analysis, settings),
    requeueLostDeliveries(db, queues.webhooks),
    sweepCrawls({ db, settings, queues }),
    runDueCrawls(db, settings.crawl, queues),
    // One after the other: a crawl the pruner takes needs no separate summary.
    pruneCrawls(db, settings.crawl.history).then(() => summarizeCompletedCrawls(db)),
    dropExpiredHostSlots(db),
    dropExpiredSlowness(db),
    dropEndedProbes(db),
    dropEndedWaits(db),
    runRobotsWatches(db, queues.webhooks, settings, now),
  ]);
  const failed = jobs.find((job): job is PromiseRejectedResult => job.status === "rejected");
  if (failed) throw failed.reason;
}

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: async (controller, env, _ctx) => {
    // The cron is an entry: it reads its settings once and hands them down with the queues each job writes to.
    const settings = config(env);
    const now = new Date(controller.scheduledTime);
    // Every shard runs its own jobs with their own bounded batches: a slow or failing shard delays only itself.
    const shards = await Promise.allSettled([
      ...shardDatabases(env).map((_, shard) => runShardJobs(onShard(env, shard), settings, now)),
      // The field data's cache and minute counts are the deployment's, kept once in the directory.
      dropStaleFieldData(fieldDatabase(env), now),
      // Open account moves (the directory's account_moves), each advanced by bounded steps within MOVE_STEP_SECONDS.
      advanceMoves({ directory: directoryDatabase(env), shard: (k) => shardDatabase(env, k) }, { cacheSeconds: settings.directoryCacheSeconds }, Date.now() + settings.moveStepSeconds * 1000),
    ]);
    // The run fails, as before shards, once every shard has had its turn.
    const failed = shards.find((run): run is PromiseRejectedResult => run.status === "rejected");
    if (failed) throw failed.reason;
  },
} satisfies ExportedHandler<Env>;
