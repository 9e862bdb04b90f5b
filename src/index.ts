import { createApp } from "./app";
import { config } from "./config";
import { runDueCrawls } from "./crawls/run-due-crawls";
import { pruneCrawls } from "./crawls/prune-crawls";
import { summarizeCompletedCrawls } from "./crawls/summarize-crawls";
import { sweepCrawls } from "./crawls/sweep-crawls";
import { createDb } from "./db/client";
import { dropStaleFieldData } from "./field/field-data";
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

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: async (controller, env, _ctx) => {
    // The cron is an entry: it reads its settings once and hands them down with the queues each job writes to.
    const settings = config(env);
    // The cron has no request session: its jobs read and write the database itself.
    const db = createDb(env.DB);
    const queues = queuesOf(env);
    // Independent jobs: one failing does not keep the others from running.
    await Promise.all([
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
      dropStaleFieldData(db, new Date(controller.scheduledTime)),
      runRobotsWatches(db, env.WEBHOOK_QUEUE, settings, new Date(controller.scheduledTime)),
    ]);
  },
} satisfies ExportedHandler<Env>;
