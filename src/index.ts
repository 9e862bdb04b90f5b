import { createApp } from "./app";
import type { AnalysisJob } from "./env";
import { handleQueue } from "./queue/consumer";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleQueue,
} satisfies ExportedHandler<Env, AnalysisJob>;
