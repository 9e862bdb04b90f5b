import type { Check } from "../types";
import { title } from "./title";

/** The seo checks of checks.md, in its order. Adding a check: one file beside this one, one line here. */
export const seoChecks: readonly Check[] = [title];
