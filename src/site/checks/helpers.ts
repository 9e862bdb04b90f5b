import type { PageFacts } from "../page-facts";
import { emptyPageIndex, indexPages } from "./page-index";
import { textHash } from "../../analysis/text-hash";
import type { SiteCheck, SiteCheckSteps, SitePage, SiteVerdict, SiteView } from "./types";

export const MAX_EXAMPLES = 20;

export type AuditedPage = SitePage & { facts: PageFacts };

export const audited = (pages: SitePage[]): AuditedPage[] => pages.filter((p): p is AuditedPage => p.state === "audited" && p.facts !== null);

export const isOk = (status: number) => status >= 200 && status <= 299;

/** A check's problems as it finds them, batch by batch: the whole count, the first MAX_EXAMPLES as examples. */
export interface Problems {
  count: number;
  examples: unknown[];
}

export const noProblems = (): Problems => ({ count: 0, examples: [] });

export function noteProblem(problems: Problems, problem: unknown): void {
  problems.count += 1;
  if (problems.examples.length < MAX_EXAMPLES) problems.examples.push(problem);
}

/**
 * Passed when nothing was found; examples capped, count whole. A check whose `value.not_checked` counts what it could
 * not verify says `partly_checked`: its pass is never a plain one.
 */
export function verdictOf(problems: unknown[] | Problems, extra: { applicable?: boolean; value?: unknown } = {}): SiteVerdict {
  const { count, examples } = Array.isArray(problems) ? { count: problems.length, examples: problems } : problems;
  const applicable = extra.applicable ?? true;
  const notChecked = (extra.value as { not_checked?: number } | undefined)?.not_checked ?? 0;
  return {
    passed: !applicable || count === 0,
    applicable,
    count: applicable ? count : 0,
    examples: applicable ? examples.slice(0, MAX_EXAMPLES) : [],
    ...(extra.value !== undefined && { value: extra.value }),
    ...(applicable && notChecked > 0 && { partly_checked: true }),
  };
}

export const notApplicable = (): SiteVerdict => verdictOf([], { applicable: false });

/** A check whose steps also run over one batch of every page. */
export function siteCheck<S>(steps: SiteCheckSteps<S>): SiteCheck<S> {
  return {
    ...steps,
    run(site: SiteView) {
      const index = emptyPageIndex();
      indexPages(index, site.pages);
      const state = steps.start({ ...site, index });
      steps.scan?.(state, site.pages);
      steps.add(state, site.pages);
      return steps.finish(state);
    },
  };
}

/** Sitemap URLs among the pages; checks over them do not apply when no sitemap was read. */
export const sitemapPages = (pages: SitePage[]) => pages.filter((p) => p.inSitemap);

/** A check over each sitemap page alone: the URLs `bad` says of; not applicable without a sitemap. */
export function sitemapCheck(
  about: Pick<SiteCheckSteps<unknown>, "id" | "title" | "fix">,
  bad: (page: SitePage) => boolean,
): SiteCheck<{ sitemapRead: boolean; problems: Problems }> {
  return siteCheck({
    ...about,
    start: (site) => ({ sitemapRead: site.sitemapRead, problems: noProblems() }),
    add(state, pages) {
      if (state.sitemapRead) for (const page of sitemapPages(pages)) if (bad(page)) noteProblem(state.problems, page.url);
    },
    finish: (state) => (state.sitemapRead ? verdictOf(state.problems) : notApplicable()),
  });
}

/** A value shared by two distinct final URLs (or more); what one value's group holds until then. */
const SHARED = -1;

export interface DuplicateState {
  /** A final URL of a 2xx audited page, and whether a second distinct one was seen: the check needs two. */
  firstFinal: number | null;
  manyFinals: boolean;
  /** By the hash of the case-folded value, in the order values first appear: the first final URL's hash, or SHARED. */
  groups: Map<number, number>;
  /** The example groups (the first MAX_EXAMPLES shared values), filled in the second pass. */
  examples: Map<number, { value: string; urls: Set<string> }> | null;
}

const okAudited = (pages: SitePage[]) => audited(pages).filter((p) => isOk(p.facts.status));

function valueKey(valueOf: (facts: PageFacts) => string | null, facts: PageFacts) {
  const value = valueOf(facts)?.trim();
  return value ? { value, key: textHash(value.toLocaleLowerCase()) } : null;
}

/**
 * Groups of distinct final URLs that share a value (trimmed, case-folded) among audited 2xx pages: sitemap or link
 * URLs that redirect to one page count as that one page. The first pass keeps a value's hash and its first final
 * URL's; the second gathers the URLs of the example groups only.
 */
export function duplicateGroups(
  about: Pick<SiteCheckSteps<unknown>, "id" | "title" | "fix">,
  valueOf: (facts: PageFacts) => string | null,
): SiteCheck<DuplicateState> {
  return siteCheck<DuplicateState>({
    ...about,
    start: () => ({ firstFinal: null, manyFinals: false, groups: new Map(), examples: null }),
    scan(state, pages) {
      for (const { facts } of okAudited(pages)) {
        const final = textHash(facts.url);
        if (state.firstFinal === null) state.firstFinal = final;
        else if (state.firstFinal !== final) state.manyFinals = true;
        const found = valueKey(valueOf, facts);
        if (!found) continue;
        const first = state.groups.get(found.key);
        if (first === undefined) state.groups.set(found.key, final);
        else if (first !== SHARED && first !== final) state.groups.set(found.key, SHARED);
      }
    },
    add(state, pages) {
      if (!state.examples) {
        state.examples = new Map();
        for (const [key, first] of state.groups) {
          if (state.examples.size >= MAX_EXAMPLES) break;
          if (first === SHARED) state.examples.set(key, { value: "", urls: new Set() });
        }
      }
      for (const { facts } of okAudited(pages)) {
        const found = valueKey(valueOf, facts);
        const group = found && state.examples.get(found.key);
        if (!group) continue;
        if (group.urls.size === 0) group.value = found.value;
        group.urls.add(facts.url);
      }
    },
    finish(state) {
      if (!state.manyFinals) return notApplicable();
      let count = 0;
      for (const first of state.groups.values()) if (first === SHARED) count += 1;
      const examples = [...(state.examples?.values() ?? [])].map((g) => ({ value: g.value, urls: [...g.urls].sort() }));
      return verdictOf({ count, examples });
    },
  });
}
