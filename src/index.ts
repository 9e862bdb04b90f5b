import { createApp } from "./app";
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
    // The cron has no request session: its jobs read and write the database itself.
    const db = createDb(env.DB);
    // Independent jobs: one failing does not keep the others from running.
    await Promise.all([
      failStaleReports(env, db),
      runDueSchedules(env, db),
      requeueLostDeliveries(env, db),
      sweepCrawls(env, db),
      runDueCrawls(env, db),
      dropExpiredHostSlots(db),
    ]);
  },
} satisfies ExportedHandler<Env>;
