import { createApp } from "./app";
import { config } from "./config";
import { runDueCrawls } from "./crawls/run-due-crawls";
import { sweepCrawls } from "./crawls/sweep-crawls";
import { createDb } from "./db/client";
import { handleQueue } from "./queue/dispatch";
import { dropExpiredHostSlots } from "./queue/host-slots";
import { failStaleReports } from "./reports/sweep-stale";
import { runDueSchedules } from "./reports/run-due-schedules";
import { requeueLostDeliveries } from "./webhooks/requeue-lost";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: async (_controller, env, _ctx) => {
    // The cron has no request session: its jobs read and write the database itself. Settings and the database are
    // made here once and handed down.
    const db = createDb(env.DB);
    const settings = config(env);
    // Independent jobs: one failing does not keep the others from running.
    await Promise.all([
      failStaleReports(env, db),
      runDueSchedules(env, db),
      requeueLostDeliveries(env, db),
      sweepCrawls({ db, settings, analysisQueue: env.ANALYSIS_QUEUE, env }),
      runDueCrawls(db, settings.crawl, env.CRAWL_QUEUE),
      dropExpiredHostSlots(db),
    ]);
  },
} satisfies ExportedHandler<Env>;
