// The pieces every route declaration (src/routes/*.ts) builds its responses and request bodies with: the API's
// envelopes and its one error shape, as zod schemas, so the served document says what the handlers answer.
import { z } from "zod";
import { BOOKMARK_HEADER } from "./d1-session";
import { MOVING_RETRY_AFTER_SECONDS } from "./auth";

/** JSON Schema of a zod schema as a client sends it (form fields are strings, JSON sends numbers too). */
function inputSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json;
}

/**
 * A write body in the three encodings the API reads (src/http/validation.ts `validateBody` parses them all with the
 * same schema). It is given to the document as JSON Schema, not as zod, so the route's own body validators (JSON
 * only or form only, with Hono's 415 wording) stay out of the way of `validateBody` and its messages.
 */
export function formBody(schema: z.ZodType) {
  // Plain JSON Schema to the generator (zod-to-openapi passes it through as it is).
  const content = { schema: inputSchema(schema) as { type: "object" } };
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

/**
 * A JSON answer of `schema`, with the bookmark header and any others. Handlers are held to the declared statuses,
 * not to the schema's type (the serializers give D1's wider types: a number where the schema names 0, 1 or 2):
 * that the answers match the schemas is tested against real answers instead (test/http/openapi-responses.test.ts).
 */
export function ok(description: string, schema: z.ZodType, headers: Record<string, object> = {}) {
  return { description, headers: { ...bookmarkHeader, ...headers }, content: { "application/json": { schema: schema as z.ZodType<unknown> } } };
}

/** A list that can also answer as a CSV export (src/http/csv.ts): its header row is the example. */
export const withCsv = <R extends ReturnType<typeof ok>>(response: R, csvHeader: string) => ({
  ...response,
  content: { ...response.content, "text/csv": { schema: z.string(), example: `${csvHeader}\r\n` } },
});

export const locationHeader = { Location: header("The absolute URL of the new resource.", { type: "string", format: "uri" }) };

const retryAfter = (seconds: number) => ({ "Retry-After": header(`Seconds to wait before trying again (${seconds}).`, { type: "string" }) });

const errorSchema = z.object({ message: z.string(), status: z.int() }).meta({ id: "Error" });
const validationErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())), status: z.literal(422) })
  .meta({ id: "ValidationError" });

const errors = {
  400: { description: "A malformed JSON or form body, or a malformed x-d1-bookmark header." },
  401: { description: "Missing, malformed, unknown or revoked API key.", headers: { "WWW-Authenticate": header("Bearer") } },
  404: { description: "No such resource for this account (another account's is not found either)." },
  409: { description: "The resource is not in a state that allows this." },
  410: { description: "Gone for good: the crawl was pruned (CRAWL_HISTORY), its page rows removed; its summary and issues stay." },
  413: { description: "The request body is larger than 64 KiB." },
  415: { description: "A body in another content type than form, multipart or JSON." },
  422: { description: "Invalid input: the message and `errors` name the field and the allowed values." },
  429: { description: "More than 240 requests a minute for this key.", headers: retryAfter(60) },
  503: { description: "The analysis queue refused the message: the report is failed; try again later.", headers: retryAfter(30) },
} as const;

export type ErrorStatus = keyof typeof errors;

const quotaErrorSchema = z
  .object({
    message: z.string(),
    status: z.literal(429),
    code: z.literal("quota_exceeded"),
    counter: z.enum(["reports", "crawl_pages", "rendered"]),
    resets_at: z.iso.datetime(),
  })
  .meta({ id: "QuotaError" });

/**
 * The 429 of an operation that does counted work (docs/api.md "Usage"): the per-key rate limit, or a monthly quota
 * used up. Spread after `errorResponses(...)`, whose 429 it replaces.
 */
export const quotaResponses = {
  429: ok(
    "More than 240 requests a minute for this key (`Retry-After: 60`), or a monthly quota used up: code `quota_exceeded`, the `counter` and its `resets_at` (`Retry-After` until then); nothing was created.",
    z.union([errorSchema, quotaErrorSchema]),
    { "Retry-After": header("Seconds to wait before trying again.", { type: "string" }) },
  ),
};

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
      return [status, ok(own.get(status) ?? description, status === 422 ? validationErrorSchema : errorSchema, headers)];
    }),
  ) as Record<ErrorStatus, ReturnType<typeof ok>>;
}

/** `{"data": <schema>, "status": <code>}` */
export const dataOf = <S extends z.ZodType, C extends number>(data: S, status: C) => z.object({ data, status: z.literal(status) });

const nullableUrl = z.url().nullable();
const links = z.object({ first: z.url(), last: z.url(), prev: nullableUrl, next: nullableUrl }).meta({ id: "Links" });
const meta = z
  .object({
    current_page: z.int(),
    from: z.int().nullable(),
    last_page: z.int(),
    path: z.url(),
    per_page: z.int(),
    to: z.int().nullable(),
    total: z.int(),
  })
  .meta({ id: "Meta" });

/** The list envelope of src/http/pagination.ts. */
export const pageOf = <S extends z.ZodType>(item: S) => z.object({ data: z.array(item), links, meta, status: z.literal(200) });

/** `{"id": ..., "object": "<name>", "deleted": true, "status": 200}` */
export const deletedOf = <I extends z.ZodType>(object: string, id: I) =>
  z.object({ id, object: z.literal(object), deleted: z.literal(true), status: z.literal(200) });

/** Added to every operation by the document (src/openapi.ts): routes need not list it. */
export const bookmarkParameter = {
  name: BOOKMARK_HEADER,
  in: "header",
  required: false,
  description: "A bookmark from an earlier response: reads see at least everything up to it (your own writes).",
  schema: { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$" },
};

const movingAnswer = `The account is being moved to another database (docs/operations.md "Past one database"): its writes answer 503 with \`Retry-After: ${MOVING_RETRY_AFTER_SECONDS}\` until the move ends; reads are served.`;

type Responses = Record<string, { description: string; headers?: Record<string, object> }>;

/**
 * A write operation's responses with the 503 of a moving account (src/http/auth.ts), which the document adds to every
 * write (src/openapi.ts) as it adds the bookmark parameter: a middleware's answer, not a route's. An operation that
 * has its own 503 keeps it, its description extended.
 */
export function withMovingAnswer(responses: Responses): Responses {
  const own = responses["503"];
  const retry = { "Retry-After": header("Seconds to wait before trying again.", { type: "string" }) };
  const answer = own
    ? { ...own, description: `${own.description} Or: ${movingAnswer}`, headers: { ...own.headers, ...retry } }
    : { description: movingAnswer, headers: { ...bookmarkHeader, ...retryAfter(MOVING_RETRY_AFTER_SECONDS) }, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  return { ...responses, 503: answer };
}
