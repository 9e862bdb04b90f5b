import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";
import { deliverMessage } from "../helpers/webhooks";
import { nextGeneration } from "../helpers/history";

const ANALYSIS = "pagegrade-analysis";
const KNOWN = () => `${env.PAGE_SERVER}/fixtures/known-page.html`;

describe("what the report page shows of a report's history", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("since-last-audit");
  });

  it("the report page shows the score trend as inline SVG and what changed since the last audit", async () => {
    const id = await seedReport(caller, KNOWN(), { score: null });
    await deliverMessage(ANALYSIS, { reportId: id, generation: 1 });
    const second = await nextGeneration(id);
    await env.DB.prepare("UPDATE reports SET url = ? WHERE id = ?").bind(`${env.PAGE_SERVER}/fixtures/sample-page.html`, id).run();
    await deliverMessage(ANALYSIS, second);
    const res = await call(`/reports/${id}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Since the last audit");
    expect(res.text).toMatch(/<svg class="trend"[^>]*role="img"/);
    expect(res.text).toContain("<polyline");
    expect(res.text).not.toContain("<script");
    expect(res.text).toMatch(/Newly (failing|fixed)/);
  });
});
