import { z } from "zod";
import {
  authHeaderNameProblem,
  authHeaderValueProblem,
  authSummary as summaryOfAuth,
  basicProblem,
  MAX_AUTH_HEADERS,
  type Auth,
} from "../analysis/credentials";

/*
 * The `auth` field of reports and crawls (docs/api.md, "Pages behind a login"): written as Basic or headers, read
 * back only as its type and header names. In a form body it comes as nested fields (`auth[basic][username]`, which
 * validateBody folds into an object) or as the same JSON in one field.
 */

const shapeMessage =
  'The auth field must be {"basic": {"username": "...", "password": "..."}} or {"headers": {"<name>": "<value>"}}, or null.';

const basic = z.strictObject({ basic: z.strictObject({ username: z.string(), password: z.string() }) });
const headers = z.strictObject({ headers: z.record(z.string(), z.string()) });
const authObject = z.union([basic, headers]);

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, path: string[], message: string) => {
  ctx.addIssue({ code: "custom", path, message });
  return z.NEVER;
};

/** The field name in a message, cut so a long one stays readable (names are not secret; values never appear). */
const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}...` : name);

function checkAuth(auth: Auth, ctx: Ctx): Auth {
  if ("basic" in auth) {
    const problem = basicProblem(auth.basic.username, auth.basic.password);
    return problem ? fail(ctx, ["basic", problem.field], `The auth.basic.${problem.field} field ${problem.message}.`) : auth;
  }
  const entries = Object.entries(auth.headers);
  if (entries.length === 0 || entries.length > MAX_AUTH_HEADERS) {
    return fail(ctx, ["headers"], `The auth.headers field must hold 1 to ${MAX_AUTH_HEADERS} headers.`);
  }
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const nameProblem = authHeaderNameProblem(name);
    if (nameProblem) return fail(ctx, ["headers", name], `The auth.headers field may not hold ${shown(name)}: a header name ${nameProblem}.`);
    if (seen.has(name.toLowerCase())) return fail(ctx, ["headers", name], `The auth.headers field names ${shown(name)} twice.`);
    seen.add(name.toLowerCase());
    const valueProblem = authHeaderValueProblem(value);
    if (valueProblem) return fail(ctx, ["headers", name], `The auth.headers.${shown(name)} value ${valueProblem}.`);
  }
  return auth;
}

function parseAuth(value: z.infer<typeof authObject> | string | null, ctx: Ctx): Auth | null {
  // A form's `auth=` (empty) means none, as null does in JSON.
  if (value === null || value === "") return null;
  if (typeof value !== "string") return checkAuth(value, ctx);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail(ctx, [], "The auth field must be JSON when sent as one form field.");
  }
  if (parsed === null) return null;
  const result = authObject.safeParse(parsed);
  return result.success ? checkAuth(result.data, ctx) : fail(ctx, [], shapeMessage);
}

/** `auth` in a write body: an Auth, null (none; on update: remove it), or left out (on update: unchanged). */
export const authField = z
  .union([authObject, z.string(), z.null()], { error: shapeMessage })
  .transform(parseAuth)
  .optional()
  .meta({
    description:
      'Credentials for a page behind a login, sent only to the origin of `url`: `{"basic": {"username", "password"}}` or ' +
      `\`{"headers": {...}}\` (1 to ${MAX_AUTH_HEADERS}: Authorization, Cookie or X-*). Stored encrypted, never returned. ` +
      "In a form: `auth[basic][username]`, `auth[headers][Cookie]`, ... or this JSON in `auth`. `null` (or `auth=`) removes it.",
  });

/** What the resources show of a stored auth: its type and header names, never a value. */
export const authSummary = z
  .object({ type: z.enum(["basic", "headers"]), names: z.array(z.string()) })
  .nullable()
  .meta({ description: 'Credentials set for the site: their type and header names (Basic is sent as `["Authorization"]`). Never the values.' });

export type AuthSummary = NonNullable<z.infer<typeof authSummary>>;

export const summaryOf = (auth: Auth): AuthSummary => summaryOfAuth(auth);
