import type { Verdict } from "./types";

export const pass = (value: unknown): Verdict => ({ passed: true, value });

export const fail = (value: unknown, errors: Record<string, unknown>): Verdict => ({ passed: false, value, errors });

/** A check that cannot apply to this page passes and is left out of the score. */
export const notApplicable = (value: unknown): Verdict => ({ passed: true, value, applicable: false });
