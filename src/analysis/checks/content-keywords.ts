import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { capList, textOf, titleElement } from "./seo-helpers";

// Common English function words: they appear in any text, so matching them proves nothing.
const STOP_WORDS = new Set(
  (
    "the and for are but not you all any can had her was one our out has him his how its may new now old see two who " +
    "did get let put say she too use from have this that with they them then than there their these those what when " +
    "where which while will would could should about above after again also been before being below between both " +
    "each few further here into just more most only other over same some such very your yours ours off once own why " +
    "does doing down during until upon because through under against"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;
const MIN_LETTERS = 3;
// Scripts written without spaces: a title word is a run of characters that the body may contain mid-run.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * Whether `word` (letters and digits only) is one of the text's words: an occurrence with no letter or digit
 * either side. A search per title keyword instead of a set of every word of the body, which on a 5 MB page
 * cost 200 ms and tens of MB; a word found whole is a word the set would have held, and the reverse.
 */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text, at - 1, true) && !isWordChar(text, at + word.length, false)) return true;
  }
  return false;
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** Whether the character ending (before = true) or starting at `index` is a letter or digit; ASCII answered by hand. */
function isWordChar(text: string, index: number, before: boolean): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  // A surrogate pair is one character: read it whole from whichever end.
  const low = code >= 0xdc00 && code <= 0xdfff;
  const high = index > 0 ? text.charCodeAt(index - 1) : 0;
  const start = before && low && high >= 0xd800 && high <= 0xdbff ? index - 1 : index;
  const point = text.codePointAt(start)!;
  return LETTER_OR_NUMBER.test(String.fromCodePoint(point));
}

const isKeyword = (word: string): boolean =>
  (word.match(/\p{L}/gu)?.length ?? 0) >= MIN_LETTERS && !STOP_WORDS.has(word);

export const contentKeywords: Check = {
  id: "content_keywords",
  category: "seo",
  importance: "high",
  title: "Words of the title appear in the page's text",
  fix: "Make sure the page's visible text uses the main words of its <title>.",
  run(page) {
    const title = titleElement(page);
    if (!title) return notApplicable("no title");
    const keywords = [...new Set(words(textOf(title)).filter(isKeyword))];
    if (keywords.length === 0) return notApplicable("the title has no keyword of 3+ letters");
    const body = page.text.toLowerCase();
    const found = keywords.filter((w) => (UNSPACED_SCRIPT.test(w) ? body.includes(w) : hasWord(body, w)));
    return found.length > 0 ? pass(capList(found)) : fail([], { title_words_missing: capList(keywords) });
  },
};
