// The pieces every resource builds its OpenAPI paths with (src/<resource>/openapi.ts); src/http/openapi.ts
// assembles the document and re-exports these.
import { z } from "zod";
import { BOOKMARK_HEADER } from "./d1-session";

/** What a resource adds to the document: its paths and its named schemas. */
export interface OpenApiPart {
  /** The tags its operations use (Redocly wants every tag declared). */
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  schemas?: Record<string, unknown>;
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

/** JSON Schema of a zod schema; `input` for what a client sends, `output` for what the API answers. */
export function schemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return json;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Added to every operation by the document (src/http/openapi.ts): resources need not list it. */
export const bookmarkParameter = {
  name: BOOKMARK_HEADER,
  in: "header",
  required: false,
  description: "A bookmark from an earlier response: reads see at least everything up to it (your own writes).",
  schema: { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$" },
};

/** OpenAPI parameters straight from the zod schemas that validate the requests. */
export function parameters(schema: z.ZodObject, where: "query" | "path") {
  const json = schemaOf(schema, "input");
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: where,
      required: where === "path" || (json.required ?? []).includes(name),
      ...(description && { description }),
      schema: rest,
    };
  });
}

export function requestBody(schema: z.ZodType) {
  const content = { schema: schemaOf(schema, "input") };
  return {
    required: true,
    content: {
      "application/x-www-form-urlencoded": content,
      "multipart/form-data": content,
      "application/json": content,
    },
  };
}

const header = (description: string, schema: object = { type: "string" }) => ({ description, schema });
const bookmarkHeader = {
  [BOOKMARK_HEADER]: header("The request's D1 session bookmark: send it back to read at least this state."),
};

/** A JSON answer of `schema` (a schema object or a `ref`), with the bookmark header and any others. */
export function ok(description: string, schema: object, headers: Record<string, object> = {}) {
  return { description, headers: { ...bookmarkHeader, ...headers }, content: { "application/json": { schema } } };
}

/** A list that can also answer as a CSV export (src/http/csv.ts): its header row is the example. */
export const withCsv = (response: ReturnType<typeof ok>, csvHeader: string) => ({
  ...response,
  content: { ...response.content, "text/csv": { schema: { type: "string" }, example: `${csvHeader}\r\n` } },
});

export const locationHeader = { Location: header("The absolute URL of the new resource.", { type: "string", format: "uri" }) };

const retryAfter = (seconds: number) => ({ "Retry-After": header(`Seconds to wait before trying again (${seconds}).`, { type: "string" }) });

const errors = {
  400: { description: "A malformed JSON or form body, or a malformed x-d1-bookmark header." },
  401: { description: "Missing, malformed, unknown or revoked API key.", headers: { "WWW-Authenticate": header("Bearer") } },
  404: { description: "No such resource for this account (another account's is not found either)." },
  409: { description: "The resource is not in a state that allows this." },
  413: { description: "The request body is larger than 64 KiB." },
  415: { description: "A body in another content type than form, multipart or JSON." },
  422: { description: "Invalid input: the message and `errors` name the field and the allowed values." },
  429: { description: "More than 240 requests a minute for this key.", headers: retryAfter(60) },
  503: { description: "The analysis queue refused the message: the report is failed; try again later.", headers: retryAfter(30) },
} as const;

export type ErrorStatus = keyof typeof errors;

/**
 * Error answers in the one error shape; every operation answers 400 (bookmark), 401 and 429. A status may come
 * with the operation's own description: `[409, "Already finished."]`.
 */
export function errorResponses(...statuses: (ErrorStatus | [ErrorStatus, string])[]) {
  const own = new Map(statuses.filter((s): s is [ErrorStatus, string] => Array.isArray(s)));
  const all = [...new Set<ErrorStatus>([400, 401, 429, ...statuses.map((s) => (Array.isArray(s) ? s[0] : s))])].sort();
  return Object.fromEntries(
    all.map((status) => {
      const { description, ...rest } = errors[status];
      const headers = "headers" in rest ? rest.headers : {};
      return [String(status), ok(own.get(status) ?? description, ref(status === 422 ? "ValidationError" : "Error"), headers)];
    }),
  );
}

/** `{"data": <schema>, "status": <code>}` */
export const dataSchema = (data: object, status: number) => ({
  type: "object",
  required: ["data", "status"],
  properties: { data, status: { type: "integer", const: status } },
});

/** The list envelope of src/http/pagination.ts. */
export const listSchema = (item: object) => ({
  type: "object",
  required: ["data", "links", "meta", "status"],
  properties: { data: { type: "array", items: item }, links: ref("Links"), meta: ref("Meta"), status: { type: "integer", const: 200 } },
});

/** `{"id": ..., "object": "<name>", "deleted": true, "status": 200}` */
export const deletedSchema = (object: string, id: object) => ({
  type: "object",
  required: ["id", "object", "deleted", "status"],
  properties: { id, object: { type: "string", const: object }, deleted: { type: "boolean", const: true }, status: { type: "integer", const: 200 } },
});

const nullableUrl = { type: ["string", "null"], format: "uri" };
const nullableInteger = { type: ["integer", "null"] };

export const commonSchemas = {
  Error: {
    type: "object",
    required: ["message", "status"],
    properties: { message: { type: "string" }, status: { type: "integer" } },
  },
  ValidationError: {
    type: "object",
    required: ["message", "errors", "status"],
    properties: {
      message: { type: "string" },
      errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      status: { type: "integer", const: 422 },
    },
  },
  Links: {
    type: "object",
    required: ["first", "last", "prev", "next"],
    properties: { first: { type: "string", format: "uri" }, last: { type: "string", format: "uri" }, prev: nullableUrl, next: nullableUrl },
  },
  Meta: {
    type: "object",
    required: ["current_page", "from", "last_page", "path", "per_page", "to", "total"],
    properties: {
      current_page: { type: "integer" },
      from: nullableInteger,
      last_page: { type: "integer" },
      path: { type: "string", format: "uri" },
      per_page: { type: "integer" },
      to: nullableInteger,
      total: { type: "integer" },
    },
  },
};

