import { authHeaderNameProblem, authHeaderValueProblem, basicAuthorization, basicProblem, MAX_AUTH_HEADERS, type Auth } from "../analysis/credentials";

/**
 * The `auth` of `--header "Name: value"` (repeatable) and `--basic user:password`, checked by the API's own rules
 * (src/analysis/credentials.ts), or the one-line problem. Unlike the API's `auth`, both flags may be given together
 * (a Basic-protected staging site with a login cookie): --basic is then the Authorization header among the others.
 */
export function parseCredentials(headerFlags: string[], basic: string | undefined): { value: Auth | null } | { problem: string } {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const flag of headerFlags) {
    const colon = flag.indexOf(":");
    if (colon <= 0) return { problem: `--header must be "Name: value", not "${flag}".` };
    const name = flag.slice(0, colon).trim();
    const value = flag.slice(colon + 1).trim();
    const nameProblem = authHeaderNameProblem(name);
    if (nameProblem) return { problem: `--header "${name}": the name ${nameProblem}.` };
    const valueProblem = authHeaderValueProblem(value);
    if (valueProblem) return { problem: `--header ${name}: the value ${valueProblem}.` };
    if (seen.has(name.toLowerCase())) return { problem: `--header ${name} is given twice.` };
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  if (basic !== undefined) {
    // RFC 7617: the user-id has no colon, so the first one ends it; the password may hold more.
    const colon = basic.indexOf(":");
    if (colon < 0) return { problem: "--basic must be user:password." };
    const problem = basicProblem(basic.slice(0, colon), basic.slice(colon + 1));
    if (problem) return { problem: `--basic: the ${problem.field} ${problem.message}.` };
    if (seen.has("authorization")) return { problem: "--basic and --header Authorization both set Authorization: give one." };
    headers.Authorization = basicAuthorization(basic.slice(0, colon), basic.slice(colon + 1));
  }
  const count = Object.keys(headers).length;
  if (count > MAX_AUTH_HEADERS) return { problem: `At most ${MAX_AUTH_HEADERS} headers are sent (--basic counts as one), not ${count}.` };
  return { value: count === 0 ? null : { headers } };
}
