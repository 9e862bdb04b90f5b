import type { Check } from "../types";

/** The security checks of checks.md, in its order. Adding a check: one file beside this one, one line here. */
export const securityChecks: readonly Check[] = [];
