import { describe, expect, it } from "vitest";
import { isAbsoluteUrl, looksLikeDate, looksLikeNumber, looksLikeUrl } from "../../../src/analysis/structured-data/value-kinds";

describe("value kinds", () => {
  it("take ISO dates, date-times and times as dates, and nothing else", () => {
    for (const date of ["2025", "2025-06", "2025-06-01", " 2025-06-01T20:00 ", "2025-06-01 20:00:05.5+02:00", "20:00Z"]) expect(looksLikeDate(date), date).toBe(true);
    for (const text of ["June 1st", "01/06/2025", "2025-6-1", "tomorrow", ""]) expect(looksLikeDate(text), text).toBe(false);
  });

  it("take finite numbers as numbers, not blanks or words", () => {
    for (const number of ["1", " 4.5 ", "-3", "1e3"]) expect(looksLikeNumber(number), number).toBe(true);
    for (const text of ["", "  ", "4,5", "five", "Infinity", "12 EUR"]) expect(looksLikeNumber(text), text).toBe(false);
  });

  it("take anything without inner whitespace as a URL, and only a scheme-led one as absolute", () => {
    expect(looksLikeUrl("/relative/path")).toBe(true);
    expect(looksLikeUrl("two words")).toBe(false);
    expect(isAbsoluteUrl("https://schema.org/InStock")).toBe(true);
    expect(isAbsoluteUrl("urn:isbn:123")).toBe(true);
    expect(isAbsoluteUrl("/relative")).toBe(false);
    expect(isAbsoluteUrl("InStock")).toBe(false);
  });
});
