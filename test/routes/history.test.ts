import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { historyEntry, historyFieldsEntry } from "../../src/history/schemas";
import { call, createCaller, type Caller } from "../helpers/api";
import { expectDocumented, servedDocument, type OpenApiDoc } from "../helpers/documented";
import { waitForReport } from "../helpers/wait-report";

describe("the history route answers as its operation is documented", () => {
  let caller: Caller;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    caller = await createCaller("routes-history");
    doc = await servedDocument();
  });

  it("lists a report's history (whole and with fields), and its errors", async () => {
    const key = caller.key;
    const stored = await call("/api/v1/reports", { key, form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html` } });
    const id = stored.json.data.id;
    expect((await waitForReport(key, id)).status).toBe("completed");
    const history = await call(`/api/v1/reports/${id}/history`, { key });
    expectDocumented(doc, "/api/v1/reports/{id}/history", "get", history, historyEntry);
    expect(history.json.data).toHaveLength(1);
    expectDocumented(doc, "/api/v1/reports/{id}/history", "get", await call(`/api/v1/reports/${id}/history?fields=score`, { key }), historyFieldsEntry);
    expectDocumented(doc, "/api/v1/reports/{id}/history", "get", await call(`/api/v1/reports/${id}/history?per_page=3`, { key }));
    expectDocumented(doc, "/api/v1/reports/{id}/history", "get", await call("/api/v1/reports/999999/history", { key }));
    expectDocumented(doc, "/api/v1/reports/{id}/history", "get", await call(`/api/v1/reports/${id}/history`, { key: null }));
  });
});
