import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";

/** Six months, the least HSTS preload lists and most auditors accept. */
const MIN_MAX_AGE = 15_552_000;

interface Policy {
  max_age: number | null;
  include_subdomains: boolean;
  preload: boolean;
}

/** RFC 6797 directives; only the first header counts when several were joined with ", ". */
function parsePolicy(header: string): Policy {
  const directives = header.split(",")[0]!.split(";").map((d) => d.trim().toLowerCase());
  const maxAge = directives
    .map((d) => /^max-age\s*=\s*"?(\d+)"?$/.exec(d)?.[1])
    .find((v) => v !== undefined);
  return {
    max_age: maxAge === undefined ? null : Number(maxAge),
    include_subdomains: directives.includes("includesubdomains"),
    preload: directives.includes("preload"),
  };
}

export const hsts: Check = {
  id: "hsts",
  category: "security",
  importance: "low",
  title: "The HTTPS page sends a long-lived Strict-Transport-Security header",
  fix: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains on HTTPS responses.",
  readsDom: false,
  run(page) {
    // Not applicable: browsers ignore HSTS on http responses.
    if (page.url.protocol !== "https:") return notApplicable("not an https page");
    const header = page.fetch.headers["strict-transport-security"];
    if (header === undefined) return fail(null, { missing: true });
    const policy = parsePolicy(header);
    if (policy.max_age === null) return fail(policy, { invalid_max_age: header.slice(0, 200) });
    if (policy.max_age < MIN_MAX_AGE) return fail(policy, { max_age_too_short: { max_age: policy.max_age, min: MIN_MAX_AGE } });
    return pass(policy);
  },
};
