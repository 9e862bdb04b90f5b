import { expect } from "vitest";
import type { z } from "zod";
import { call } from "./api";

export type OpenApiDoc = {
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
} & Record<string, any>;

/** The API's document as it is served. */
export const servedDocument = async (): Promise<OpenApiDoc> => (await call("/api/v1/openapi.json")).json;

/**
 * An answer is documented for its operation: its status is listed there; errors are in the error shape; data parses
 * (strictly) with the resource schema; a request that reached the database returns its bookmark.
 */
export function expectDocumented(doc: OpenApiDoc, path: string, method: string, res: Awaited<ReturnType<typeof call>>, data?: z.ZodType) {
  const responses = doc.paths[path]![method]!.responses;
  expect(Object.keys(responses), `${method.toUpperCase()} ${path} answered ${res.status}: ${res.text}`).toContain(String(res.status));
  if (res.status >= 400) {
    expect(Object.keys(res.json).sort()).toEqual(res.status === 422 ? ["errors", "message", "status"] : ["message", "status"]);
    expect(res.json.status).toBe(res.status);
  } else if (data) {
    const items = Array.isArray(res.json.data) ? res.json.data : [res.json.data];
    for (const item of items) {
      const parsed = (data as z.ZodObject).strict().safeParse(item);
      expect(parsed.success, `${JSON.stringify(item)}: ${parsed.error?.message}`).toBe(true);
    }
  }
  // A request refused before any query (no key, a malformed bookmark) has no session state to return.
  if (res.status < 300 || res.status === 404 || res.status === 422) expect(res.headers.get("x-d1-bookmark")).toMatch(/^[0-9a-f-]{59}$/);
}
