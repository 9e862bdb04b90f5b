import { createApp } from "./app";
import { runDueCrawls } from "./crawls/run-due-crawls";
import { sweepCrawls } from "./crawls/sweep-crawls";
import { createDb } from "./db/client";
import { handleQueue } from "./queue/dispatch";
import { failStaleReports } from "./queue/sweep";
import { runDueSchedules } from "./schedules/run-due";
import { requeueLostDeliveries } from "./webhooks/requeue-lost";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: async (_controller, env, _ctx) => {
    // Independent jobs: one failing does not keep the others from running.
    await Promise.all([
      failStaleReports(env),
      runDueSchedules(env),
      requeueLostDeliveries(env),
      sweepCrawls(env, createDb(env.DB)),
      runDueCrawls(env, createDb(env.DB)),
    ]);
  },
} satisfies ExportedHandler<Env>;
