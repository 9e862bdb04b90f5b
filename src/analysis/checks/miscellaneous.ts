import type { Check } from "../types";

/** The miscellaneous checks of checks.md, in its order. Adding a check: one file beside this one, one line here. */
export const miscellaneousChecks: readonly Check[] = [];
