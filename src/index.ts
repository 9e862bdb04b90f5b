import { createApp } from "./app";
import { runDueCrawls } from "./crawls/run-due-crawls";
import { sweepCrawls } from "./crawls/sweep-crawls";
import { createDb } from "./db/client";
import { dispatchQueue } from "./queue/dispatch";
import { failStaleReports } from "./queue/sweep";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: dispatchQueue,
  scheduled: async (_controller, env, _ctx) => {
    await failStaleReports(env);
    await sweepCrawls(env, createDb(env.DB));
    await runDueCrawls(env, createDb(env.DB));
  },
} satisfies ExportedHandler<Env>;
