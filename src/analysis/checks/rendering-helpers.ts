import type { Page, RenderingFacts } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import type { Verdict } from "../types";

/**
 * A rendering check on a page that was not rendered cannot apply. The analysis leaves these checks out of such a
 * report altogether; this is for anyone running one by hand.
 */
export function withRendering(page: Page, judge: (rendering: RenderingFacts) => Verdict): Verdict {
  return page.rendering ? judge(page.rendering) : notApplicable(null);
}

/**
 * The rule of rendered_title, rendered_meta_description, rendered_h1 and rendered_canonical: the raw and rendered
 * values are the same. The error says what script did: wrote it (only in the rendered HTML), removed it, or changed it.
 */
export function sameInRawAndRendered(raw: string | null, rendered: string | null): Verdict {
  const value = { raw, rendered };
  if (raw === rendered) return pass(value);
  if (raw === null) return fail(value, { only_rendered: rendered });
  if (rendered === null) return fail(value, { removed_by_script: raw });
  return fail(value, { changed_by_script: { raw, rendered } });
}
