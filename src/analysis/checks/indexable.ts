import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaContents } from "./seo-helpers";

const BLOCKING = new Set(["noindex", "none"]);
/** X-Robots-Tag directives that carry their own `name: value` and so are not a user-agent prefix. */
const VALUED_DIRECTIVES = new Set(["unavailable_after", "max-snippet", "max-image-preview", "max-video-preview"]);
/** Agents whose directives bind Google (or everyone, when there is no prefix). */
const OUR_AGENTS = new Set(["googlebot"]);

const blocks = (directives: string[]): string[] => directives.filter((d) => BLOCKING.has(d));

const splitDirectives = (content: string): string[] =>
  content.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean);

/** The blocking directives (noindex, none) of a robots meta tag's content. */
export const metaBlocks = (content: string): string[] => blocks(splitDirectives(content));

/**
 * Blocking directives of an X-Robots-Tag value. Repeated headers arrive joined with ", ", and
 * "otherbot: noindex, nofollow" scopes every later directive to otherbot until the next prefix.
 */
export function headerBlocks(header: string): string[] {
  let agent: string | null = null;
  const found: string[] = [];
  for (const part of splitDirectives(header)) {
    const prefixed = /^([a-z0-9_.*-]+)\s*:\s*(.*)$/.exec(part);
    let directive = part;
    if (prefixed && !VALUED_DIRECTIVES.has(prefixed[1]!)) {
      agent = prefixed[1]!;
      directive = prefixed[2]!;
    }
    if ((agent === null || OUR_AGENTS.has(agent)) && BLOCKING.has(directive)) found.push(directive);
  }
  return found;
}

export const indexable: Check = {
  id: "indexable",
  category: "seo",
  importance: "high",
  title: "Search engines are allowed to index the page",
  fix: 'Remove "noindex" / "none" from the robots meta tags and the X-Robots-Tag header if the page should appear in search.',
  run(page) {
    const metas = metaContents(page, "robots", "googlebot");
    const header = page.fetch.headers["x-robots-tag"] ?? null;
    const blocked: { source: string; directives: string[] }[] = [];
    for (const { name, content } of metas) {
      const found = metaBlocks(content);
      if (found.length > 0) blocked.push({ source: `meta ${name}`, directives: found });
    }
    const fromHeader = header ? headerBlocks(header) : [];
    if (fromHeader.length > 0) blocked.push({ source: "x-robots-tag", directives: fromHeader });
    const value = { meta: metas.map((m) => `${m.name}: ${m.content}`), x_robots_tag: header };
    return blocked.length === 0 ? pass(value) : fail(value, { noindex: blocked });
  },
};
