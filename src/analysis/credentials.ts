/**
 * Credentials for pages behind a login (docs/security.md, "Pages behind a login"): what a user may give, the
 * header lines it becomes, and the one origin they may be sent to. Plain data and functions: the API, the
 * queue consumer and the command line all build them here; the fetch layer applies them per request.
 */

/** HTTP Basic, or up to MAX_AUTH_HEADERS header lines from the safe list (Authorization, Cookie, X-*). */
export type Auth = { basic: { username: string; password: string } } | { headers: Record<string, string> };

/** The header lines to send, and the origin (scheme, host, port) of the URL the user gave: no other gets them. */
export interface OriginCredentials {
  /** As `URL.origin` spells it: `https://example.com`, `http://127.0.0.1:8080`. */
  origin: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
}

export const MAX_AUTH_HEADERS = 5;
export const MAX_AUTH_NAME_LENGTH = 64;
export const MAX_AUTH_VALUE_LENGTH = 4096;
export const MAX_BASIC_USERNAME_LENGTH = 256;
export const MAX_BASIC_PASSWORD_LENGTH = 1024;

/** A token of RFC 9110 after `X-`: letters, digits and !#$%&'*+-.^_`|~. */
const SAFE_NAME = /^(authorization|cookie|x-[!#$%&'*+\-.^_`|~0-9a-z]+)$/i;
/** Visible ASCII, space and tab: what `fetch` sends unchanged, and never CR or LF (no header injection). */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

/** Why a header name may not be used, or null. Only names that mean a login: nothing that changes how we fetch. */
export function authHeaderNameProblem(name: string): string | null {
  if (name.length === 0) return "must not be empty";
  if (name.length > MAX_AUTH_NAME_LENGTH) return `must be at most ${MAX_AUTH_NAME_LENGTH} characters`;
  if (!SAFE_NAME.test(name)) return "must be Authorization, Cookie or a header starting with X-";
  return null;
}

export function authHeaderValueProblem(value: string): string | null {
  if (value.length === 0) return "must not be empty";
  if (value.length > MAX_AUTH_VALUE_LENGTH) return `must be at most ${MAX_AUTH_VALUE_LENGTH} characters`;
  if (!HEADER_VALUE.test(value)) return "must be printable ASCII, without line breaks";
  return null;
}

/** RFC 7617: the user-id may not contain a colon; neither part may hold control characters. */
export function basicProblem(username: string, password: string): { field: "username" | "password"; message: string } | null {
  if (username.length === 0) return { field: "username", message: "must not be empty" };
  if (username.length > MAX_BASIC_USERNAME_LENGTH) return { field: "username", message: `must be at most ${MAX_BASIC_USERNAME_LENGTH} characters` };
  if (username.includes(":")) return { field: "username", message: "must not contain a colon" };
  if (CONTROL.test(username)) return { field: "username", message: "must not contain control characters" };
  if (password.length > MAX_BASIC_PASSWORD_LENGTH) return { field: "password", message: `must be at most ${MAX_BASIC_PASSWORD_LENGTH} characters` };
  if (CONTROL.test(password)) return { field: "password", message: "must not contain control characters" };
  return null;
}

/** `Basic base64(user:password)`, the pair encoded as UTF-8 (RFC 7617's charset="UTF-8"). */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** The header lines an `auth` becomes, names lower-cased. */
export function authHeaders(auth: Auth): Record<string, string> {
  if ("basic" in auth) return { authorization: basicAuthorization(auth.basic.username, auth.basic.password) };
  return Object.fromEntries(Object.entries(auth.headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The names the resource shows instead of the secret: Basic is sent as `Authorization`. */
export function authNames(auth: Auth): string[] {
  if ("basic" in auth) return ["Authorization"];
  return Object.keys(auth.headers);
}

/** What a report shows of its credentials (the API's `auth` field, the command line's too): type and names, never a value. */
export type AuthSummary = { type: "basic" | "headers"; names: string[] };

export function authSummary(auth: Auth): AuthSummary {
  return { type: "basic" in auth ? "basic" : "headers", names: authNames(auth) };
}

/** Credentials for the pages of `pageUrl`'s origin: the URL the user gave, before any redirect. */
export function credentialsFor(pageUrl: string, auth: Auth): OriginCredentials {
  return { origin: new URL(pageUrl).origin, headers: authHeaders(auth) };
}

/**
 * The headers of one request: `base` plus the credentials when `url` is on their origin, else `base` alone.
 * Decided per request, so a redirect to another origin goes without them, and one back to the origin has them again.
 */
export function headersFor(url: URL, base: Record<string, string>, credentials: OriginCredentials | undefined): Record<string, string> {
  if (!credentials || url.origin !== credentials.origin) return base;
  return { ...base, ...credentials.headers };
}
