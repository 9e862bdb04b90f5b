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

/** 1 for an ASCII letter or digit. */
const ASCII_WORD_CHAR = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const lower = code | 32;
  ASCII_WORD_CHAR[code] = (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122) ? 1 : 0;
}

/**
 * Words as runs of letters and digits, an apostrophe inside one ("don't", "l’eau") not splitting it.
 * A loop over char codes rather than a global Unicode regex: the regex took 5-15 ms on a long article,
 * this takes a fraction of one. ASCII is read from a table; other characters are classified once each.
 */
export function countWords(text: string): number {
  let kinds: Map<number, number> | null = null;
  let words = 0;
  let inWord = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (ASCII_WORD_CHAR[code] === 1) {
        if (!inWord) words++;
        inWord = true;
      } else if (!(inWord && code === 0x27)) inWord = false;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    kinds ??= new Map();
    let kind = kinds.get(point);
    if (kind === undefined) {
      kind = classify(String.fromCodePoint(point));
      kinds.set(point, kind);
    }
    if (kind === CJK) {
      words++;
      inWord = false;
    } else if (kind === LETTER) {
      if (!inWord) words++;
      inWord = true;
    } else if (!(inWord && code === 0x2019)) {
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
