import { Hono } from "hono";
import { createApi, handleQueue } from "pagegrade";

const app = new Hono();

// This app's own route...
app.get("/", (c) => c.json({ app: "edge-app", audits: "/api/v1/reports" }));

// ...and pagegrade's API beside it, with this Worker's bindings (DB, ANALYSIS_QUEUE, API_RATE_LIMITER, vars).
app.route("/", createApi());

export default {
  fetch: app.fetch,
  // The analysis queue (and its dead letters) are pagegrade's: hand every batch to its consumer.
  queue: handleQueue,
};
