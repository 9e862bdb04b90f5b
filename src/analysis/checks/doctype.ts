import type { Check } from "../types";
import { fail, pass } from "../verdict";

/**
 * What HTML lets come before the DOCTYPE without leaving standards mode: a BOM, whitespace, comments,
 * and an XML declaration (parsed as a comment). Sticky, so it never scans past the start of a large page.
 */
const PROLOGUE = /\uFEFF?(?:\s|<!--[\s\S]*?-->|<\?[^>]*>)*/y;
const DOCTYPE = /<!doctype(?=[\s>])[^>]*>/iy;

export const doctype: Check = {
  id: "doctype",
  category: "performance",
  importance: "medium",
  title: "The document starts with a DOCTYPE",
  fix: "Put <!DOCTYPE html> at the very top of the HTML so browsers render in standards mode.",
  readsDom: false,
  run(page) {
    PROLOGUE.lastIndex = 0;
    PROLOGUE.exec(page.html);
    DOCTYPE.lastIndex = PROLOGUE.lastIndex;
    const found = DOCTYPE.exec(page.html)?.[0];
    if (found === undefined) {
      const later = /<!doctype\b/i.test(page.html.slice(PROLOGUE.lastIndex, 100_000));
      return fail(null, later ? { not_at_start: true } : { missing: true });
    }
    const value = found.slice(0, 200);
    // Anything but an html DOCTYPE (legacy HTML 4 and XHTML ones name html too) puts browsers in quirks mode.
    if (/^<!doctype\s+html(?=[\s>])/i.test(found)) return pass(value);
    return fail(value, { not_html: value });
  },
};
