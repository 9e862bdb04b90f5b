import type { Check } from "../types";
import { miscellaneousChecks } from "./miscellaneous";
import { performanceChecks } from "./performance";
import { renderingChecks } from "./rendering";
import { securityChecks } from "./security";
import { seoChecks } from "./seo";

/** The one list of checks: the analysis, the score and the report page all read it. */
export const checks: readonly Check[] = [...seoChecks, ...performanceChecks, ...securityChecks, ...miscellaneousChecks, ...renderingChecks];

export const checksById: ReadonlyMap<string, Check> = new Map(checks.map((c) => [c.id, c]));
