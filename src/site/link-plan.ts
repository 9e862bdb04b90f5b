import type { LinkAnswer } from "../analysis/check-link";
import { externalTargets, ROBOTS_DISALLOWED, unauditedTargets, type LinkedTarget } from "./checks/link-targets";
import type { SiteView } from "./checks/types";
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

/** Most linked first: where the bound cuts, it cuts the links fewest pages carry. */
const byLinks = (targets: LinkedTarget[]) => [...targets].sort((a, b) => b.linkedFrom - a.linkedFrom);

/**
 * The link targets a crawl asks for once its last page has settled: the internal targets no audited page answers
 * for, and the external ones (at most `perHost` per host), each kind most linked first and at most `limit` of it, so
 * a large site's internal links never crowd out every external one. Internal targets robots.txt disallows are
 * answered at once (`robots_disallowed`) and never fetched. Whatever is left out, the checks count as not checked.
 */
export function planLinkChecks(site: Pick<SiteView, "pages">, allowed: (url: string) => boolean, bounds: LinkCheckBounds): PlannedLink[] {
  const internal = byLinks(unauditedTargets(site))
    .slice(0, bounds.limit)
    .map(
    (target): PlannedLink => ({ url: target.url, kind: "internal", answer: allowed(target.url) ? null : { status: null, error: ROBOTS_DISALLOWED } }),
  );
  const perHost = new Map<string, number>();
  const external: PlannedLink[] = [];
  for (const target of byLinks(externalTargets(site))) {
    if (external.length >= bounds.limit) break;
    const host = new URL(target.url).hostname;
    const taken = perHost.get(host) ?? 0;
    if (taken >= bounds.perHost) continue;
    perHost.set(host, taken + 1);
    external.push({ url: target.url, kind: "external", answer: null });
  }
  return [...internal, ...external];
}
