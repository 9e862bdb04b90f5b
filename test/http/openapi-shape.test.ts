import { describe, expect, it } from "vitest";
import { call, createCaller } from "../helpers/api";

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, any> }>>; components: { schemas: Record<string, Schema> } };

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe("the OpenAPI document generated from the routes", () => {
  it("is, byte for byte, the document of the contract (test/fixtures/contract/openapi.json)", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    // Indented for a readable diff; the bytes served are exactly its compact form, key order kept.
    expect(res.text).toBe(JSON.stringify(res.json));
    await expect(JSON.stringify(res.json, null, 2) + "\n").toMatchFileSnapshot("../fixtures/contract/openapi.json");
    // The readable reference is a page beside the document, not an operation of it.
    expect(Object.keys((res.json as Doc).paths).some((path) => path.endsWith("/docs"))).toBe(false);
  });

  it("describes every 2xx JSON answer with its properties, down to every nested object", async () => {
    const doc: Doc = (await call("/api/v1/openapi.json")).json;
    const resolve = (schema: Schema): Schema => (schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()]! : schema);
    /** Paths inside `schema` of objects said to be objects but with nothing said of what they hold. */
    function bareObjects(schema: Schema, at: string, seen = new Set<Schema>()): string[] {
      const s = resolve(schema);
      if (seen.has(s)) return [];
      seen.add(s);
      const types = [s.type].flat();
      const found: string[] = [];
      if (types.includes("object")) {
        const described = s.properties !== undefined || (typeof s.additionalProperties === "object" && s.additionalProperties !== null);
        if (!described) found.push(at);
      }
      for (const [name, property] of Object.entries<Schema>(s.properties ?? {})) found.push(...bareObjects(property, `${at}.${name}`, seen));
      if (typeof s.additionalProperties === "object") found.push(...bareObjects(s.additionalProperties, `${at}.*`, seen));
      if (s.items) found.push(...bareObjects(s.items, `${at}[]`, seen));
      for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) found.push(...bareObjects(part, at, seen));
      return found;
    }
    let answers = 0;
    for (const { path, method, op } of operations(doc)) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (!status.startsWith("2")) continue;
        const schema = response.content["application/json"].schema;
        answers++;
        expect(resolve(schema).properties, `${method} ${path} ${status}`).toBeDefined();
        expect(bareObjects(schema, `${method} ${path} ${status}`)).toEqual([]);
      }
    }
    // Every operation answers at least one 2xx, so none was skipped above.
    expect(answers).toBeGreaterThanOrEqual(operations(doc).length);
  });
});

describe("declared routes answer what the hand-written ones did", () => {
  it("a path that names no resource is 404 before its query or body is read; bodies keep their 400, 415 and 422", async () => {
    const { key } = await createCaller("declared-routes");
    const notFound = { message: "Resource not found.", status: 404 };
    expect((await call("/api/v1/reports/abc?fields=nope", { key })).json).toEqual(notFound);
    expect((await call("/api/v1/crawls/0/pages?per_page=7", { key })).json).toEqual(notFound);
    expect((await call("/api/v1/reports/x/history?page=0", { key })).json).toEqual(notFound);
    expect((await call("/api/v1/webhooks/1/deliveries/nope/retry", { method: "POST", key })).json).toEqual(notFound);
    expect((await call("/api/v1/reports/abc", { method: "PATCH", key, body: "x", headers: { "Content-Type": "text/plain" } })).json).toEqual(notFound);

    const unsupported = await call("/api/v1/webhooks", { key, body: "x", headers: { "Content-Type": "text/plain" } });
    expect(unsupported.status).toBe(415);
    expect(unsupported.json.message).toBe("Unsupported Content-Type: send application/x-www-form-urlencoded, multipart/form-data or application/json.");
    const malformed = await call("/api/v1/crawls", { key, body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(malformed.json).toEqual({ message: "Malformed JSON in request body", status: 400 });
    const array = await call("/api/v1/webhooks", { key, json: [1] });
    expect(array.json).toEqual({
      message: "The request body must be an object of fields.",
      errors: { body: ["The request body must be an object of fields."] },
      status: 422,
    });
    const multipart = new FormData();
    multipart.set("url", "");
    const empty = await call("/api/v1/crawls", { key, body: multipart });
    expect(empty.json).toEqual({ message: "The url field is required.", errors: { url: ["The url field is required."] }, status: 422 });
    const query = await call("/api/v1/crawls?fields=nope,id", { key });
    expect(query.status).toBe(422);
    expect(query.json.errors.fields[0]).toMatch(/^The fields field must be a comma-separated list of: id, project, url, /);
  });
});
