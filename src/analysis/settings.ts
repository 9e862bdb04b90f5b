import type { BodyBudget } from "./body-budget";
import type { SchemaVocabularySource } from "./structured-data/vocabulary";
import type { OriginCredentials } from "./credentials";
import type { Device } from "./lab-device";
import type { FieldFacts } from "./types";
import { defaultCheckSettings, type CheckSettings } from "./types";

export interface AnalysisOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  maxBytes: number;
  settings: CheckSettings;
  userAgent?: string;
  /** See FetchOptions.firstDeadlineMs: the queue's main lane sets it, the slow lane and the command line do not. */
  firstDeadlineMs?: number;
  /** The isolate's byte budget for page bodies (body-budget.ts); without one, bodies are bounded only by maxBytes each. */
  bodyBudget?: BodyBudget;
  /** A login for the audited site: sent only to its origin, by every fetch of the audit (docs/security.md). */
  credentials?: OriginCredentials;
  /** The schema.org table's source (structured-data/vocabulary.ts): the Worker's static asset, else the bundled module. */
  schemaVocabulary?: SchemaVocabularySource;
  /**
   * The page's field data (the Worker's Chrome UX Report source, src/field/field-data.ts), asked beside the fetch for
   * the report's device; `core_web_vitals` judges it. Never rejects. Left out (the CLI), the check does not apply.
   */
  fieldData?: (url: string, device: Device) => Promise<FieldFacts>;
}

/**
 * The options of `analyzePage` when none are given: the defaults of wrangler.toml (docs/configuration.md). The Worker's vars are
 * read in src/config.ts, which stays out of this entry: it needs zod, and `pagegrade/analysis` needs only `fetch`.
 */
export const defaultAnalysisOptions: AnalysisOptions = {
  allowPrivateTargets: false,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  settings: defaultCheckSettings,
};
