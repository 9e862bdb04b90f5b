import { createApp } from "./app";
import type { AnalysisJob } from "./env";
import { handleQueue } from "./queue/consumer";
import { failStaleReports } from "./queue/sweep";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: async (_controller, env, _ctx) => {
    await failStaleReports(env);
  },
} satisfies ExportedHandler<Env, AnalysisJob>;
