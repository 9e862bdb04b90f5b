import type { Check } from "../types";
import { fail, pass } from "../verdict";

/**
 * A version: digits right after a slash ("Apache/2.4.41", "PHP/8"), or a dotted number on its own
 * ("Passenger 6.0.4"). Host ids such as "ECS (nyb/1D07)" are not versions, so the digits must end the token.
 */
const VERSION = /\/v?\d+(?:\.\d+)*(?![\w])|(?<![\w.])v?\d+(?:\.\d+)+(?![\w.])/i;

const HEADERS = [
  ["server", "server"],
  ["x-powered-by", "x_powered_by"],
] as const;

export const serverSignature: Check = {
  id: "server_signature",
  category: "security",
  importance: "medium",
  title: "Response headers do not reveal software versions",
  fix: "Hide version numbers in the Server and X-Powered-By headers (e.g. server_tokens off, expose_php = Off).",
  readsDom: false,
  run(page) {
    const value: Record<string, string | null> = {};
    const errors: Record<string, string> = {};
    for (const [header, key] of HEADERS) {
      const text = page.fetch.headers[header] ?? null;
      value[key] = text;
      if (text !== null && VERSION.test(text)) errors[key] = text;
    }
    if (Object.keys(errors).length === 0) return pass(value);
    return fail(value, { version_revealed: errors });
  },
};
