import type { Check, Page, Verdict } from "./types";

/** The value of a check that read a DOM cut by the parse budget or the nesting cap. */
export interface PartialValue {
  found: unknown;
  /** "first 2,000,000 of 5,123,456 characters" */
  read: string;
}

const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Which part of the HTML the DOM was built from, or null when it holds all of it. */
export function partRead(page: Page): string | null {
  if (page.domHtmlLength >= page.html.length) return null;
  return `first ${thousands(page.domHtmlLength)} of ${thousands(page.html.length)} characters`;
}

/**
 * The one place that says a verdict covers part of the page: on a cut DOM, the value of every check that reads
 * the DOM becomes `{ found, read }`. Pages read whole keep their values as they are.
 */
export function notePartialRead(page: Page, check: Check, verdict: Verdict): Verdict {
  if (check.readsDom === false) return verdict;
  const read = partRead(page);
  if (read === null) return verdict;
  const value: PartialValue = { found: verdict.value, read };
  return { ...verdict, value };
}

export const isPartialValue = (value: unknown): value is PartialValue =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).length === 2 &&
  "found" in value &&
  typeof (value as { read?: unknown }).read === "string";
