import { describe, expect, it } from "vitest";
import { contentLength, countWords } from "../../../src/analysis/checks/content-length";
import { makePage } from "../../helpers/page";

describe("content_length check", () => {
  it("counts runs of letters and digits in any script, keeping apostrophes inside words", () => {
    expect(countWords("Hello, world! Don't stop: 42 times - ünïcödé café.")).toBe(8);
    expect(countWords("한국어 문장 입니다")).toBe(3);
  });

  it("counts each Chinese or Japanese character as a word, but not their punctuation", () => {
    expect(countWords("日本語のテキスト。")).toBe(8);
    expect(countWords("中文 and English")).toBe(4);
  });

  it("passes visible text at the configured minimum, ignoring script text", () => {
    const html = `<body><p>${"word ".repeat(5)}</p><script>var a = "not counted here";</script></body>`;
    expect(contentLength.run(makePage(html, { settings: { minContentWords: 5 } }))).toEqual({ passed: true, value: 5 });
  });

  it("fails text under the default 500 words", () => {
    expect(contentLength.run(makePage(`<p>${"word ".repeat(499)}</p>`))).toEqual({
      passed: false,
      value: 499,
      errors: { too_few_words: { words: 499, min: 500 } },
    });
  });
});
