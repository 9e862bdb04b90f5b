import type { Check } from "../types";
import { fail, pass } from "../verdict";

/**
 * An address with a dotted domain ending in a letters-only TLD. A match may only start where a local part
 * can (the look-behind), and lengths are bounded: without both, a long run of letters costs quadratic time.
 */
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,8}([a-z]{2,24})(?![a-z0-9-])/iy;
const MAX_LOCAL_PART = 64;

/** [a-z0-9._%+-] under the i flag, the characters of a local part. */
function isLocalPartChar(code: number): boolean {
  const lower = code | 32;
  return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57) || code === 46 || code === 95 || code === 37 || code === 43 || code === 45;
}

/**
 * The matches `html.matchAll(EMAIL)` with the g flag would give, found from each "@" instead: the regex tried
 * at every position of a 5 MB page cost 50-70 ms. Thanks to the look-behind a match can only start where the
 * run of local-part characters before its "@" starts, so that one position is tried, and only if it is not
 * inside the previous match (a global scan resumes after it).
 */
function* emailMatches(html: string): Generator<RegExpExecArray> {
  let resume = 0;
  for (let at = html.indexOf("@"); at !== -1; at = html.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && at - start <= MAX_LOCAL_PART && isLocalPartChar(html.charCodeAt(start - 1))) start--;
    if (start === at || at - start > MAX_LOCAL_PART || start < resume) continue;
    EMAIL.lastIndex = start;
    const match = EMAIL.exec(html);
    if (match) {
      resume = EMAIL.lastIndex;
      yield match;
    }
  }
}

/** "logo@2x.png" and "bundle@1.2.min.js" look like addresses but are file names. */
const FILE_EXTENSIONS = new Set([
  "png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff",
  "css", "js", "mjs", "json", "map", "html", "htm", "php", "xml", "txt", "pdf",
  "mp4", "webm", "mp3", "ogg", "wav", "woff", "ttf", "otf", "eot", "zip", "gz",
]);

const MAX_LISTED = 20;

export const plaintextEmail: Check = {
  id: "plaintext_email",
  category: "security",
  importance: "low",
  title: "No e-mail address appears in plain text in the HTML",
  fix: "Replace plain e-mail addresses (and mailto links) with a contact form, or obfuscate them against spam harvesters.",
  readsDom: false,
  run(page) {
    const found = new Map<string, string>();
    for (const match of emailMatches(page.html)) {
      if (FILE_EXTENSIONS.has(match[1]!.toLowerCase())) continue;
      const address = match[0].replace(/^[.%+-]+/, "");
      const key = address.toLowerCase();
      if (!found.has(key)) found.set(key, address);
    }
    if (found.size === 0) return pass([]);
    return fail([...found.values()].slice(0, MAX_LISTED), { plaintext_emails: found.size });
  },
};
