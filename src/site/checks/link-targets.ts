import type { LinkAnswer } from "../../analysis/check-link";
import type { PageFacts } from "../page-facts";
import { audited, pagesByUrl } from "./helpers";
import type { SiteView } from "./types";

/** Pages named as linking to a target: the first few. */
export const MAX_SOURCES = 5;

/** The error of a target robots.txt disallows for us: never asked, counted as blocked. */
export const ROBOTS_DISALLOWED = "robots_disallowed";

/** A link target with the audited pages linking to it (the first MAX_SOURCES) and how many do. */
export interface LinkedTarget {
  url: string;
  sources: string[];
  linkedFrom: number;
}

function targetsOf(site: Pick<SiteView, "pages">, pick: (facts: PageFacts) => string[] | undefined, keep: (url: string) => boolean) {
  const targets = new Map<string, LinkedTarget>();
  for (const page of audited(site)) {
    for (const url of pick(page.facts) ?? []) {
      if (!keep(url)) continue;
      const target = targets.get(url) ?? { url, sources: [], linkedFrom: 0 };
      target.linkedFrom += 1;
      if (target.sources.length < MAX_SOURCES && !target.sources.includes(page.url)) target.sources.push(page.url);
      targets.set(url, target);
    }
  }
  return [...targets.values()];
}

/** Same-host targets no audited page answers for (past the limit or depth, not HTML, failed, blocked): each needs a link check. */
export function unauditedTargets(site: Pick<SiteView, "pages">): LinkedTarget[] {
  const byUrl = pagesByUrl(site);
  return targetsOf(site, (facts) => facts.links, (url) => !byUrl.has(url));
}

/** Same-host targets an audited page answers for (by the URL the crawl asked for, or its final URL). */
export function auditedTargets(site: Pick<SiteView, "pages">): LinkedTarget[] {
  const byUrl = pagesByUrl(site);
  return targetsOf(site, (facts) => facts.links, (url) => byUrl.has(url));
}

/** Targets on other hosts, every one of which needs a link check. */
export const externalTargets = (site: Pick<SiteView, "pages">): LinkedTarget[] => targetsOf(site, (facts) => facts.external, () => true);

/**
 * What a link check's answer says of its target. A 429, a timeout, a refused address (the URL guard) or a connection
 * that broke say nothing of the link: unchecked. A host name that does not resolve is as broken as a 404.
 */
export function linkState(answer: LinkAnswer | undefined): "ok" | "broken" | "blocked" | "unchecked" {
  if (!answer) return "unchecked";
  if (answer.error === ROBOTS_DISALLOWED) return "blocked";
  if (answer.status === null) return answer.error === "dns_error" ? "broken" : "unchecked";
  if (answer.status === 429) return "unchecked";
  return answer.status >= 400 ? "broken" : "ok";
}

/** A broken target as an example: its status (or, when none came, the error) and the pages linking to it. */
export const brokenLink = (target: LinkedTarget, answer: LinkAnswer) => ({
  url: target.url,
  status: answer.status,
  ...(answer.status === null && answer.error !== null && { error: answer.error }),
  linked_from: target.sources,
});

/** The targets' link-check answers, counted by what they say; the broken ones as examples. */
export function linkCounts(targets: LinkedTarget[], answers: ReadonlyMap<string, LinkAnswer>) {
  const counts = { checked: 0, notChecked: 0, blocked: 0, broken: [] as ReturnType<typeof brokenLink>[] };
  for (const target of targets) {
    const answer = answers.get(target.url);
    const state = linkState(answer);
    if (state === "unchecked") counts.notChecked += 1;
    else if (state === "blocked") counts.blocked += 1;
    else counts.checked += 1;
    if (state === "broken") counts.broken.push(brokenLink(target, answer!));
  }
  return counts;
}
