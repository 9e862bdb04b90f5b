/**
 * One rich-result feature as Google's Search Central documents it: plain data, read by one evaluator (evaluate.ts).
 * A requirement is a property path ("offers.price": every offer has a price) or a list of paths of which one will do.
 */
export type Requirement = string | readonly string[];

export interface FeatureRule {
  feature: string;
  /** The title of the Google Search Central page the rule comes from. */
  source: string;
  /** schema.org types the feature reads; their subtypes count too. */
  types: readonly string[];
  /** Subtypes that belong to another feature. */
  except?: readonly string[];
  /** Only items that are no other item's value (an Organization named as a publisher is not an Organization result). */
  topLevelOnly?: true;
  /** A further condition: the path is present (one of them, for a list) and, with `values`, one value is one of them. */
  when?: { path: string | readonly string[]; values?: readonly string[] };
  required: readonly Requirement[];
  recommended: readonly Requirement[];
  /** Required only of an item that stands alone, not as another item's value (a review's itemReviewed). */
  requiredStandalone?: readonly Requirement[];
  /** Said beside every item of the feature, eligible or not. */
  note?: string;
}

/** A feature Google no longer shows: reported, never failing. */
export interface RetiredRule {
  feature: string;
  source: string;
  types: readonly string[];
  when?: FeatureRule["when"];
  /** Said instead of the general "no longer shown" note when Google's page says more. */
  note?: string;
}
