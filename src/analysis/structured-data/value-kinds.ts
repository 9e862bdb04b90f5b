/** What a written value looks like, for the "value of an unambiguously wrong kind" warnings. */

const ISO_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const ISO_TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export const looksLikeDate = (text: string): boolean => {
  const t = text.trim();
  return ISO_DATE.test(t) || ISO_DATE_TIME.test(t) || ISO_TIME.test(t);
};

export const looksLikeNumber = (text: string): boolean => text.trim() !== "" && Number.isFinite(Number(text.trim()));

/** Absolute or relative: anything without inner whitespace (a relative URL is resolved against the page). */
export const looksLikeUrl = (text: string): boolean => /^\S+$/.test(text.trim());

/** An absolute URL names an item as well as an item would (sameAs, an enumeration member, an @id). */
export const isAbsoluteUrl = (text: string): boolean => /^[a-z][a-z0-9+.-]*:\S+$/i.test(text.trim());
