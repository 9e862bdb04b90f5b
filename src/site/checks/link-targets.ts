import type { LinkAnswer } from "../../analysis/check-link";
import { textHash } from "../../analysis/text-hash";

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

/** One more link from `from` to the target. */
export function linkFrom(target: LinkedTarget, from: string): void {
  target.linkedFrom += 1;
  if (target.sources.length < MAX_SOURCES && !target.sources.includes(from)) target.sources.push(from);
}

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

/**
 * Distinct link targets counted by what their answer says, page batch by page batch: a target's hash once seen, and
 * only the broken ones whole (with the pages linking to them), in the order first linked.
 */
export interface TargetTally {
  seen: Set<number>;
  checked: number;
  notChecked: number;
  blocked: number;
  broken: Map<string, { target: LinkedTarget; answer: LinkAnswer }>;
}

export const emptyTally = (): TargetTally => ({ seen: new Set(), checked: 0, notChecked: 0, blocked: 0, broken: new Map() });

/** A link from page `from` to `url`, whose answer `judge` gives (with what it says) the first time the target is seen. */
export function tallyLink(
  tally: TargetTally,
  url: string,
  from: string,
  judge: (url: string) => { state: ReturnType<typeof linkState>; answer: LinkAnswer | undefined },
): void {
  const broken = tally.broken.get(url);
  if (broken) return linkFrom(broken.target, from);
  const hash = textHash(url);
  if (tally.seen.has(hash)) return;
  tally.seen.add(hash);
  const { state, answer } = judge(url);
  if (state === "unchecked") tally.notChecked += 1;
  else if (state === "blocked") tally.blocked += 1;
  else tally.checked += 1;
  if (state === "broken") tally.broken.set(url, { target: { url, sources: [from], linkedFrom: 1 }, answer: answer! });
}

export const brokenExamples = (tally: TargetTally) => [...tally.broken.values()].map(({ target, answer }) => brokenLink(target, answer));

/** A target's answer from the crawl's link checks. */
export const checkedLink = (answers: ReadonlyMap<string, LinkAnswer>) => (url: string) => {
  const answer = answers.get(url);
  return { state: linkState(answer), answer };
};
