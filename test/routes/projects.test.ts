import { beforeAll, describe, expect, it } from "vitest";
import { projectFieldsResource } from "../../src/projects/schemas";
import { call, createCaller, type Caller } from "../helpers/api";
import { expectDocumented, servedDocument, type OpenApiDoc } from "../helpers/documented";

describe("the projects routes answer as their operations are documented", () => {
  let caller: Caller;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    caller = await createCaller("routes-projects");
    doc = await servedDocument();
  });

  it("projects: list (whole and with fields), delete, and their errors", async () => {
    await call("/api/v1/reports", { key: caller.key, form: { url: "https://projects-doc.example/" } });
    expectDocumented(doc, "/api/v1/projects", "get", await call("/api/v1/projects", { key: caller.key }), projectFieldsResource.required());
    expectDocumented(doc, "/api/v1/projects", "get", await call("/api/v1/projects?fields=score", { key: caller.key }), projectFieldsResource);
    expectDocumented(doc, "/api/v1/projects", "get", await call("/api/v1/projects?sort_by=nope", { key: caller.key }));
    const deleted = await call("/api/v1/projects/projects-doc.example", { method: "DELETE", key: caller.key });
    expectDocumented(doc, "/api/v1/projects/{project}", "delete", deleted);
    expect(deleted.json).toEqual({ id: "projects-doc.example", object: "project", deleted: true, status: 200 });
    expectDocumented(doc, "/api/v1/projects/{project}", "delete", await call("/api/v1/projects/projects-doc.example", { method: "DELETE", key: caller.key }));
  });
});
