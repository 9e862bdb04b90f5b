import type { Check } from "../types";

/** The performance checks of checks.md, in its order. Adding a check: one file beside this one, one line here. */
export const performanceChecks: readonly Check[] = [];
