import { discard, readBody } from "./fetch-page";
import { getFollowing, type SiteOptions } from "./site-facts";
import type { FetchFacts, MarkdownFacts } from "./types";

/** Enough of the answer to tell a markdown text from an HTML document; the rest is never read. */
export const MARKDOWN_PEEK_BYTES = 4 * 1024;
export const MARKDOWN_TIMEOUT_MS = 5_000;

const MARKDOWN_TYPE = "text/markdown";
const LINK_TAG = /<link\b[^>]*>/gi;
const ATTRIBUTE = /([^\s"'=<>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const HTML_START = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]/i;

const mediaType = (value: string | null | undefined) => value?.split(";")[0]!.trim().toLowerCase() || null;
const hasToken = (list: string | null | undefined, token: string) => (list ?? "").toLowerCase().split(/[\s,]+/).includes(token);

function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, double, single, bare] of tag.slice(5).matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!found.has(key)) found.set(key, double ?? single ?? bare ?? "");
  }
  return found;
}

/** Where the page says its markdown is: `<link rel="alternate" type="text/markdown" href>`, else the same in a Link header. */
export function advertisedMarkdown(facts: Pick<FetchFacts, "html" | "headers" | "finalUrl">): string | null {
  for (const [tag] of facts.html.matchAll(LINK_TAG)) {
    const a = attributesOf(tag);
    const href = a.get("href")?.trim();
    if (href && hasToken(a.get("rel"), "alternate") && mediaType(a.get("type")) === MARKDOWN_TYPE && URL.canParse(href, facts.finalUrl)) {
      return new URL(href, facts.finalUrl).href;
    }
  }
  for (const [, target, params] of (facts.headers.link ?? "").matchAll(/<([^>]*)>([^,]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params!)?.[1];
    const type = /;\s*type\s*=\s*"?([^";]+)"?/i.exec(params!)?.[1];
    if (hasToken(rel, "alternate") && mediaType(type) === MARKDOWN_TYPE && URL.canParse(target!, facts.finalUrl)) return new URL(target!, facts.finalUrl).href;
  }
  return null;
}

/** A server that chooses its answer by the Accept header must say so in Vary on every answer (RFC 9110 §12.5.5). */
export const variesOnAccept = (vary: string | null | undefined) => hasToken(vary, "accept") || hasToken(vary, "*");

/**
 * The one extra request of `markdown_for_agents` (docs/analysis.md), made only when the page offers markdown: to the
 * advertised alternate when it names one, else, when its answer varies on Accept, to the page itself with
 * `Accept: text/markdown`. Through the same guard, redirects and login rule as every fetch. null when nothing is
 * offered or the page did not answer 2xx: then nothing is asked.
 */
export async function fetchAgentMarkdown(facts: FetchFacts, options: SiteOptions): Promise<MarkdownFacts | null> {
  if (facts.status < 200 || facts.status > 299) return null;
  const link = advertisedMarkdown(facts);
  if (!link && !variesOnAccept(facts.headers.vary)) return null;
  const via = link ? "link" : "negotiation";
  const url = link ?? facts.finalUrl;
  const accept = link ? "text/markdown,text/plain;q=0.9,*/*;q=0.1" : MARKDOWN_TYPE;
  const unanswered = (error: string): MarkdownFacts => ({ via, url, status: null, error, contentType: null, varyAccept: false, html: false });
  const got = await getFollowing(url, accept, MARKDOWN_TIMEOUT_MS, options).catch(() => null);
  if (!got) return unanswered("connection_failed");
  if (!got.ok) return unanswered(got.code);
  const { response, signal } = got;
  const answer = {
    via,
    url,
    status: response.status,
    contentType: mediaType(response.headers.get("content-type")),
    varyAccept: variesOnAccept(response.headers.get("vary")),
  } as const;
  if (response.status < 200 || response.status > 299) {
    await discard(response);
    return { ...answer, error: null, html: false };
  }
  const body = await readBody(response, MARKDOWN_PEEK_BYTES, signal);
  if (!body.ok) return { ...answer, error: body.code, html: false };
  return { ...answer, error: null, html: HTML_START.test(new TextDecoder("utf-8").decode(body.bytes)) };
}
