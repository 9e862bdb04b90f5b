import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

describe("GET /api/v1/reports/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("show");
  });

  it("shows a report in the one-resource envelope", async () => {
    const id = await seedReport(caller, "https://show.example/", { score: 91 });
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe(200);
    expect(res.json.data).toMatchObject({ id, url: "https://show.example/", score: 91, result: "good", status: "completed", project: "show.example" });
  });

  it.each(["999999", "abc", "0", "-1", "1.5"])("answers 404 for report id %s", async (id) => {
    const res = await call(`/api/v1/reports/${id}`, { key: caller.key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Resource not found.", status: 404 });
  });
});
