import { wordCounts } from "./render-signals";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { withRendering } from "./rendering-helpers";

/** Below this many rendered words there is too little text to judge. */
export const MIN_RENDERED_WORDS = 200;
/** The share of the rendered words that must already be in the raw HTML. */
export const MIN_RAW_WORD_SHARE = 0.6;

/** Rendered word occurrences matched one for one against the raw ones: a word repeated by script counts once per raw use. */
function wordsInRaw(raw: Record<string, number>, rendered: Record<string, number>): { total: number; inRaw: number } {
  let total = 0;
  let inRaw = 0;
  for (const word in rendered) {
    const count = rendered[word]!;
    total += count;
    inRaw += Math.min(count, raw[word] ?? 0);
  }
  return { total, inRaw };
}

export const renderedContent: Check = {
  id: "rendered_content",
  category: "rendering",
  importance: "medium",
  title: "The page's text is in the HTML as served, not written by script",
  fix: "Serve the main text in the HTML itself (server-side rendering or pre-rendering); text that only script writes may be indexed late or not at all.",
  run(page) {
    return withRendering(page, ({ raw }) => {
      const { total, inRaw } = wordsInRaw(raw.words, wordCounts(page.text));
      const percent = total === 0 ? 100 : Math.round((100 * inRaw) / total);
      const value = { rendered_words: total, in_raw_percent: percent };
      if (total < MIN_RENDERED_WORDS) return notApplicable(value);
      if (inRaw >= total * MIN_RAW_WORD_SHARE) return pass(value);
      return fail(value, { script_written_text: { words: total - inRaw, of: total } });
    });
  },
};
