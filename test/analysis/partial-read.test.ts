import { describe, expect, it } from "vitest";
import { checks } from "../../src/analysis/checks/index";
import { parsePage } from "../../src/analysis/parse";
import { notePartialRead, partRead } from "../../src/analysis/partial-read";
import { describeValue } from "../../src/page/describe-result";
import { makePage } from "../helpers/page";

const html = `<!doctype html><html lang="en"><head><title>A long page of paragraphs</title></head><body><h1>Long</h1>${"<p>word word word</p>".repeat(100)}</body></html>`;
const whole = makePage(html);
const cut = parsePage(whole.fetch, whole.site, whole.settings, { maxChars: 1_200, maxElements: Infinity });

describe("checks on a page whose DOM was cut by the parse budget", () => {
  it("names the part that was read, with thousands separators", () => {
    expect(cut.truncatedDom).toBe(true);
    expect(partRead(cut)).toBe(`first ${cut.domHtmlLength.toLocaleString("en-US")} of ${html.length.toLocaleString("en-US")} characters`);
    expect(partRead(cut)).toMatch(/^first 1,2\d\d of 2,\d{3} characters$/);
    expect(partRead(whole)).toBeNull();
  });

  it("wraps the value of every check that reads the DOM as { found, read }, and only those", () => {
    const noted = checks.map((check) => ({ check, verdict: notePartialRead(cut, check, check.run(cut)) }));
    const read = partRead(cut);
    for (const { check, verdict } of noted) {
      const plain = check.run(cut);
      if (check.readsDom === false) expect(verdict, check.id).toEqual(plain);
      else expect(verdict, check.id).toEqual({ ...plain, value: { found: plain.value, read } });
    }
    const wrapped = noted.filter(({ verdict }) => (verdict.value as { read?: string } | null)?.read === read).map(({ check }) => check.id);
    expect(wrapped).toContain("title");
    expect(wrapped).toContain("dom_size");
    expect(wrapped).toContain("content_length");
    expect(wrapped).not.toContain("page_size");
    expect(wrapped).not.toContain("plaintext_email");
    expect(wrapped.length).toBe(checks.filter((c) => c.readsDom !== false).length);
  });

  it("keeps verdicts and values as they are on a page read whole", () => {
    for (const check of checks) expect(notePartialRead(whole, check, check.run(whole)), check.id).toEqual(check.run(whole));
  });

  it("says on the report page which part was read", () => {
    const domSize = checks.find((c) => c.id === "dom_size")!;
    const { value } = notePartialRead(cut, domSize, domSize.run(cut));
    expect(describeValue(value)).toBe(`${domSize.run(cut).value as number} (${partRead(cut)})`);
    const long = describeValue({ found: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key_${i}`, i])), read: "first 1 of 2 characters" });
    expect(long).toMatch(/… \(first 1 of 2 characters\)$/);
    expect(long.length).toBeLessThanOrEqual(160);
  });
});
