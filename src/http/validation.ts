import type { RouteConfig } from "@hono/zod-openapi";
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ApiError, type FieldErrors } from "./errors";
import { formBody } from "./openapi-responses";
import { unknownFieldMessage, unknownFieldsMessage } from "./write-body";

const dotted = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** An unknown field's name as the client sent it, nested ones with their object's: `auth.basic.realm`. */
const unknownNames = (issue: z.core.$ZodIssueUnrecognizedKeys) => issue.keys.map((key) => dotted([...issue.path, key]));

function fieldErrors(error: z.core.$ZodError): FieldErrors {
  // Keyed by names the client chose (an unknown field may be `constructor` or `__proto__`): no prototype to collide with.
  const errors: FieldErrors = Object.create(null);
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const issue of error.issues) {
    // An unknown field's issue belongs to its object: it is filed under each name it lists.
    if (issue.code === "unrecognized_keys") for (const name of unknownNames(issue)) add(name, unknownFieldMessage(name));
    else add(issue.path.length > 0 ? dotted(issue.path) : "body", issue.message);
  }
  return errors;
}

/**
 * One message per issue. Unknown fields are one sentence naming them all: a write body's says what it takes
 * (src/http/write-body.ts); a nested object's (`auth[basic]`) is written here, in the same words.
 */
const issueMessage = (issue: z.core.$ZodIssue) =>
  issue.code === "unrecognized_keys" && issue.path.length > 0 ? unknownFieldsMessage(unknownNames(issue)) : issue.message;

/** 422 in the one error shape: the first message, then how many more there are. */
export function validationError(error: z.core.$ZodError): ApiError {
  const errors = fieldErrors(error);
  const messages = error.issues.map(issueMessage);
  const more = messages.length - 1;
  const message = more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? "s" : ""})` : messages[0]!;
  return new ApiError(422, message, errors);
}

const hook = (result: { success: boolean; error?: z.core.$ZodError }) => {
  if (!result.success) throw validationError(result.error!);
};

const notFoundHook = (result: { success: boolean }) => {
  if (!result.success) throw new ApiError(404, "Resource not found.");
};

/**
 * The answers for the validators a declared route (src/routes) gets from its request schemas: query errors are 422
 * naming the field; a path that does not name a resource is simply not found.
 */
export const routeHook = (result: { success: boolean; error?: z.core.$ZodError; target: string }) =>
  result.target === "param" ? notFoundHook(result) : hook(result);

/**
 * A declared route validates its path first, as a middleware, so a path naming no resource is 404 before its
 * query is read (the route's own validators run query first); they then see the same, valid, path again.
 */
export const pathFirst = <T extends z.ZodType>(schema: T): MiddlewareHandler<{}> => zValidator("param", schema, notFoundHook);

const NESTED = /^([^[\]]+)((?:\[[^[\]]+\])+)$/;

/**
 * A form's nested fields as JSON would send them: `auth[basic][username]=a` becomes `{ auth: { basic: { username: "a" } } }`
 * (the bracket form of PHP and Rails). A name given both plain and nested, or a repeated one, stays as both values
 * (an array), which the schema then refuses as the wrong type: nothing is silently dropped.
 */
export function foldNestedFields(form: unknown): unknown {
  if (typeof form !== "object" || form === null) return form;
  const out: Record<string, unknown> = Object.create(null);
  const conflict = (record: Record<string, unknown>, key: string, value: unknown) => {
    record[key] = Object.hasOwn(record, key) ? [record[key], value].flat() : value;
  };
  for (const [name, value] of Object.entries(form)) {
    const match = NESTED.exec(name);
    if (!match) {
      conflict(out, name, value);
      continue;
    }
    const keys = [match[1]!, ...match[2]!.slice(1, -1).split("][")];
    let record = out;
    for (const key of keys.slice(0, -1)) {
      const next = record[key];
      if (typeof next === "object" && next !== null && !Array.isArray(next)) record = next as Record<string, unknown>;
      else if (next === undefined) record = record[key] = Object.create(null) as Record<string, unknown>;
      else {
        conflict(record, key, value);
        record = Object.create(null);
      }
    }
    conflict(record, keys.at(-1)!, value);
  }
  return out;
}

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const isJson = (mediaType: string) => /^application\/([\w.-]+\+)?json$/.test(mediaType);

/** The body a write route's handler reads, as `c.var.body`, typed by its schema. */
type BodyMiddleware<T extends z.ZodType> = MiddlewareHandler<{ Variables: { body: z.output<T> } }>;

/**
 * Write bodies come as the spec's form encoding, multipart, or JSON; all three are validated by the same
 * schema, and the handler reads the result as `c.var.body`.
 */
function validateBody<T extends z.ZodType>(schema: T): BodyMiddleware<T> {
  // Forms only: JSON has real nesting. The cast keeps the schema's own input and output types for Hono.
  const form = zValidator("form", z.preprocess(foldNestedFields, schema) as unknown as T, hook);
  const json = zValidator("json", schema, hook);
  return createMiddleware(async (c: Context, next) => {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const read = (target: "json" | "form") => async () => {
      c.set("body", c.req.valid(target as never));
      await next();
    };
    if (isJson(mediaType)) return json(c, read("json"));
    if (mediaType !== "" && !formTypes.has(mediaType)) {
      throw new ApiError(
        415,
        "Unsupported Content-Type: send application/x-www-form-urlencoded, multipart/form-data or application/json.",
      );
    }
    return form(c, read("form"));
  });
}

/**
 * A write operation with its body named once: `schema` is declared as the operation's request body (in the three
 * encodings, formBody) and validated by validateBody, after `before` (a path checked first answers 404 before a
 * bad body's 422). The handler reads the valid body as `c.var.body`.
 */
export function withBody<T extends z.ZodType, R extends Omit<RouteConfig, "middleware">, B extends MiddlewareHandler<{}>[]>(schema: T, route: R, ...before: B) {
  return {
    ...route,
    request: { ...route.request, body: formBody(schema) },
    middleware: [...before, validateBody(schema)] as [...B, BodyMiddleware<T>],
  };
}
