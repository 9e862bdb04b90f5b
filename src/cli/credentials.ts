/** --header and --basic: what a page behind a login needs, checked like the API's `auth` (docs/agents.md). */
export interface Credentials {
  /** Header name as given -> value; --basic becomes Authorization: Basic. */
  headers: Record<string, string>;
}

/** At most this many headers, as the API allows. */
export const MAX_HEADERS = 5;

// Names from the API's safe list: a header that steers the request itself (Host, Content-Length) is never sent.
const safeName = /^(authorization|cookie|x-[!#$%&'*+.^_`|~0-9a-z-]+)$/i;
// A value is one line of visible ASCII and spaces: a CR or LF would start another header.
const safeValue = /^[\t\x20-\x7e]*$/;

/** The credentials of `--header "Name: value"` (repeatable) and `--basic user:password`, or the one-line problem. */
export function parseCredentials(headerFlags: string[], basic: string | undefined): { value: Credentials | null } | { problem: string } {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const flag of headerFlags) {
    const colon = flag.indexOf(":");
    const name = colon > 0 ? flag.slice(0, colon).trim() : "";
    const value = colon > 0 ? flag.slice(colon + 1).trim() : "";
    if (!name || !value) return { problem: `--header must be "Name: value", not "${flag}".` };
    if (!safeName.test(name)) return { problem: `--header ${name} is not sent: only Authorization, Cookie and X-* headers are.` };
    if (!safeValue.test(value)) return { problem: `--header ${name} has a character a header value cannot hold.` };
    if (seen.has(name.toLowerCase())) return { problem: `--header ${name} is given twice.` };
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  if (basic !== undefined) {
    const colon = basic.indexOf(":");
    if (colon <= 0) return { problem: "--basic must be user:password." };
    if (!safeValue.test(basic)) return { problem: "--basic has a character a header value cannot hold." };
    if (seen.has("authorization")) return { problem: "--basic and --header Authorization both set Authorization: give one." };
    headers.Authorization = `Basic ${Buffer.from(basic, "utf8").toString("base64")}`;
  }
  const count = Object.keys(headers).length;
  if (count > MAX_HEADERS) return { problem: `At most ${MAX_HEADERS} headers are sent (--basic counts as one), not ${count}.` };
  return { value: count === 0 ? null : { headers } };
}
