import type { LinkAnswer } from "../analysis/check-link";
import { audited } from "./checks/helpers";
import { emptyPageIndex, indexPages, indexed, type PageIndex } from "./checks/page-index";
import { ROBOTS_DISALLOWED } from "./checks/link-targets";
import { textHash } from "../analysis/text-hash";
import type { PageBatches } from "./checks/index";
import type { SitePage } from "./checks/types";
import type { LinkKind } from "./terms";

/** How far a crawl's link checks go (LINK_CHECK_LIMIT, LINK_CHECK_PER_HOST: docs/configuration.md). */
export interface LinkCheckBounds {
  /** Targets a crawl checks at most of each kind: this many internal ones, and as many external ones. */
  limit: number;
  /** External targets checked at most per host. */
  perHost: number;
}

/** A target to check, or already answered without a request (robots.txt disallows it). */
export interface PlannedLink {
  url: string;
  kind: LinkKind;
  answer: LinkAnswer | null;
}

/**
 * A plan in the making, over three reads of the pages: the audited pages' index; then how many links reach each
 * target by its hash, in the order first linked (the internal ones no audited page answers for, and the external
 * ones with their host's hash); then the URLs of the chosen targets only.
 */
interface LinkPlanState {
  index: PageIndex;
  internal: Map<number, number>;
  external: Map<number, { links: number; host: number }>;
  chosen: Map<number, string | null> | null;
  plan: { internal: number[]; external: number[] } | null;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

export const startLinkPlan = (): LinkPlanState => ({ index: emptyPageIndex(), internal: new Map(), external: new Map(), chosen: null, plan: null });

export const indexLinkPlan = (state: LinkPlanState, pages: SitePage[]) => indexPages(state.index, pages);

export function countPlannedLinks(state: LinkPlanState, pages: SitePage[]): void {
  for (const { facts } of audited(pages)) {
    for (const url of facts.links) {
      if (indexed(state.index, url)) continue;
      const hash = textHash(url);
      state.internal.set(hash, (state.internal.get(hash) ?? 0) + 1);
    }
    for (const url of facts.external ?? []) {
      const hash = textHash(url);
      const target = state.external.get(hash);
      if (target) target.links += 1;
      else state.external.set(hash, { links: 1, host: textHash(hostOf(url)) });
    }
  }
}

/** Most linked first (first linked first among equals): where the bound cuts, it cuts the links fewest pages carry. */
const byLinks = <T>(targets: [number, T][], links: (t: T) => number) => targets.sort((a, b) => links(b[1]) - links(a[1]));

/** The targets to ask, by hash: internal ones first, each kind most linked first and at most `limit` of it. */
function choose(state: LinkPlanState, bounds: LinkCheckBounds): { internal: number[]; external: number[] } {
  const internal = byLinks([...state.internal], (n) => n)
    .slice(0, bounds.limit)
    .map(([hash]) => hash);
  const perHost = new Map<number, number>();
  const external: number[] = [];
  for (const [hash, target] of byLinks([...state.external], (t) => t.links)) {
    if (external.length >= bounds.limit) break;
    const taken = perHost.get(target.host) ?? 0;
    if (taken >= bounds.perHost) continue;
    perHost.set(target.host, taken + 1);
    external.push(hash);
  }
  return { internal, external };
}

export function resolvePlannedLinks(state: LinkPlanState, bounds: LinkCheckBounds, pages: SitePage[]): void {
  if (!state.chosen) {
    const { internal, external } = choose(state, bounds);
    state.chosen = new Map([...internal, ...external].map((hash) => [hash, null]));
    // Frees the counts: what is left to hold is the chosen targets' URLs.
    state.plan = { internal, external };
    state.internal = new Map();
    state.external = new Map();
  }
  for (const { facts } of audited(pages)) {
    for (const url of [...facts.links, ...(facts.external ?? [])]) {
      const hash = textHash(url);
      if (state.chosen.get(hash) === null) state.chosen.set(hash, url);
    }
  }
}

export function finishLinkPlan(state: LinkPlanState, allowed: (url: string) => boolean): PlannedLink[] {
  const { chosen, plan } = state;
  if (!chosen || !plan) return [];
  const internal = plan.internal.map((hash): PlannedLink => {
    const url = chosen.get(hash)!;
    return { url, kind: "internal", answer: allowed(url) ? null : { status: null, error: ROBOTS_DISALLOWED } };
  });
  const external = plan.external.map((hash): PlannedLink => ({ url: chosen.get(hash)!, kind: "external", answer: null }));
  return [...internal, ...external];
}

/**
 * The link targets a crawl asks for once its last page has settled: the internal targets no audited page answers
 * for, and the external ones (at most `perHost` per host), each kind most linked first and at most `limit` of it, so
 * a large site's internal links never crowd out every external one. Internal targets robots.txt disallows are
 * answered at once (`robots_disallowed`) and never fetched. Whatever is left out, the checks count as not checked.
 * The pages are read three times in batches; what is held between batches is a number or two per distinct target.
 */
export async function planLinkChecksOver(batches: PageBatches, allowed: (url: string) => boolean, bounds: LinkCheckBounds): Promise<PlannedLink[]> {
  const state = startLinkPlan();
  await batches((pages) => indexLinkPlan(state, pages));
  await batches((pages) => countPlannedLinks(state, pages));
  await batches((pages) => resolvePlannedLinks(state, bounds, pages));
  return finishLinkPlan(state, allowed);
}

/** The same over pages held at once. */
export function planLinkChecks(site: { pages: SitePage[] }, allowed: (url: string) => boolean, bounds: LinkCheckBounds): PlannedLink[] {
  const state = startLinkPlan();
  indexLinkPlan(state, site.pages);
  countPlannedLinks(state, site.pages);
  resolvePlannedLinks(state, bounds, site.pages);
  return finishLinkPlan(state, allowed);
}
