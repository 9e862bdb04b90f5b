import type { Check } from "../types";
import { aiChecks } from "./ai";
import { miscellaneousChecks } from "./miscellaneous";
import { performanceChecks } from "./performance";
import { renderingChecks } from "./rendering";
import { securityChecks } from "./security";
import { seoChecks } from "./seo";

/** The checks of every report: the analysis, the score and the report page all read it. */
export const checks: readonly Check[] = [...seoChecks, ...performanceChecks, ...securityChecks, ...miscellaneousChecks, ...aiChecks];

/** Every check, the rendering ones (raw against rendered HTML, only in a rendered report) last. */
export const allChecks: readonly Check[] = [...checks, ...renderingChecks];

export { renderingChecks };

export const checksById: ReadonlyMap<string, Check> = new Map(allChecks.map((c) => [c.id, c]));
