import type { LlmsTxtDigest } from "./types";

/** Lighthouse reads the whole file; we read the first megabyte and run its rule on that (docs/analysis.md). */
export const LLMS_TXT_MAX_BYTES = 1024 * 1024;
/** Lighthouse's own limit for the request and the body together (`fetchResource`'s 2 s). */
export const LLMS_TXT_TIMEOUT_MS = 2_000;
/** Same-host URLs kept for the crawl's `llms_txt_links`. */
export const LLMS_TXT_MAX_LINKS = 100;
/** Lighthouse's `isTooShort`. */
export const LLMS_TXT_MIN_LENGTH = 50;

// Lighthouse 13.5's regexes, verbatim: `m` lets `^` match any line start and `\s` cross newlines; the link regex has
// no `s` flag, so a link sits on one line.
const H1 = /^\s*#\s+.+/m;
const LINK = /\[.+\]\(.+\)/;

const LINKS = /\[([^\]\n]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const LIST_LINK = /^\s*[-*+]\s+\[[^\]\n]+\]\([^)\s]+\)(?::\s*.*)?\s*$/;

/** Lighthouse's verdict inputs plus llmstxt.org's structure, from the decoded text of a 2xx answer. */
export function digestLlmsTxt(text: string, fileUrl: string, truncated = false): LlmsTxtDigest {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const nonBlank = lines.filter((line) => line.trim() !== "");
  let sections = 0;
  let listLinks = 0;
  let optional = false;
  for (const line of lines) {
    if (/^##\s+\S/.test(line)) {
      sections += 1;
      if (/^##\s+optional\s*$/i.test(line)) optional = true;
    } else if (sections > 0 && LIST_LINK.test(line)) listLinks += 1;
  }
  const host = new URL(fileUrl).hostname;
  const sameHost = new Set<string>();
  let links = 0;
  for (const match of text.matchAll(LINKS)) {
    links += 1;
    if (!URL.canParse(match[2]!, fileUrl)) continue;
    const target = new URL(match[2]!, fileUrl);
    if ( (target.protocol !== "http:" && target.protocol !== "https:") || target.hostname !== host) continue;
    target.hash = "";
    sameHost.add(target.href);
  }
  return {
    length: text.length,
    truncated,
    hasH1: H1.test(text),
    hasLink: LINK.test(text),
    h1First: /^#\s+\S/.test(nonBlank[0] ?? ""),
    summary: /^>\s*\S/.test(nonBlank[1] ?? ""),
    sections,
    links,
    listLinks,
    optional,
    sameHost: [...sameHost].slice(0, LLMS_TXT_MAX_LINKS),
    sameHostCount: sameHost.size,
  };
}
