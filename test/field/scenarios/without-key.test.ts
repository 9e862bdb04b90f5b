// Without the CRUX_API_KEY secret (every project but "field"), an audit asks the Chrome UX Report nothing: the local
// API (CRUX_API_ORIGIN in every project) receives no query, and `core_web_vitals` does not apply, saying why.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { call, createCaller } from "../../helpers/api";
import { cruxQueries } from "../../helpers/crux-queries";
import { waitForReport } from "../../helpers/wait-report";

it("no key: not applicable, and no request reaches the API", async () => {
  const caller = await createCaller("field data without a key");
  const url = `${env.PAGE_SERVER}/experience/fast?crux=good&t=without-key`;
  const created = await call("/api/v1/reports", { key: caller.key, form: { url } });
  expect(created.status, created.text).toBe(201);
  const report = await waitForReport(caller.key, created.json.data.id, 30_000);
  expect(report.status).toBe("completed");
  expect(report.results.core_web_vitals).toEqual({
    category: "performance",
    importance: "high",
    passed: true,
    applicable: false,
    value: { reason: "Field data needs a Chrome UX Report API key (the CRUX_API_KEY secret); none is set, so nothing was asked.", field_data: "no_key" },
  });
  const asked = await cruxQueries(env.CRUX_API_ORIGIN, "t=without-key");
  expect(asked).toEqual([]);
  const cached = await env.DB.prepare("SELECT COUNT(*) AS n FROM crux_records").first<{ n: number }>();
  expect(cached?.n).toBe(0);
});
