import type { Check } from "../types";
import { fail, pass } from "../verdict";

const OTHER = 0;
const LETTER = 1;
const CJK = 2;

const LETTER_CHAR = /[\p{L}\p{N}\p{M}]/u;
/**
 * Chinese and Japanese do not put spaces between words, so each of their characters counts as one word
 * (the usual convention of word counters). Korean does space its words, so Hangul counts in runs like Latin.
 */
const CJK_CHAR = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;

const classify = (ch: string): number => (!LETTER_CHAR.test(ch) ? OTHER : CJK_CHAR.test(ch) ? CJK : LETTER);

/**
 * Words as runs of letters and digits, an apostrophe inside one ("don't", "l’eau") not splitting it.
 * A loop over char codes rather than a global Unicode regex: the regex took 5-15 ms on a long article,
 * this takes well under one, and non-ASCII characters are classified once each.
 */
export function countWords(text: string): number {
  const kinds = new Map<number, number>();
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: number;
    if (code < 128) {
      const lower = code | 32;
      kind = (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122) ? LETTER : OTHER;
    } else {
      const point = text.codePointAt(i)!;
      if (point > 0xffff) i++;
      kind = kinds.get(point) ?? classify(String.fromCodePoint(point));
      kinds.set(point, kind);
    }
    if (kind === CJK) {
      words++;
      inWord = false;
    } else if (kind === LETTER) {
      if (!inWord) words++;
      inWord = true;
    } else if (!(inWord && (code === 0x27 || code === 0x2019))) {
      inWord = false;
    }
  }
  return words;
}

export const contentLength: Check = {
  id: "content_length",
  category: "miscellaneous",
  importance: "low",
  title: "The page has enough visible text to be worth ranking",
  fix: "Write more useful visible text on the page (500 words or more).",
  run(page) {
    const words = countWords(page.text);
    const min = page.settings.minContentWords;
    return words >= min ? pass(words) : fail(words, { too_few_words: { words, min } });
  },
};
