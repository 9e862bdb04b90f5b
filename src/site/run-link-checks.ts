import type { LinkAnswer } from "../analysis/check-link";
import type { LinkKind } from "./terms";

/** External hosts asked at the same time; each host is asked one target after another. */
export const EXTERNAL_HOSTS_AT_ONCE = 4;

/** What running a crawl's link checks needs from whoever runs them (the crawl queue's step, the command line). */
export interface LinkCheckRun {
  /** One link check through the fetch layer (analysis/check-link.ts). */
  check(url: string): Promise<LinkAnswer>;
  /**
   * Waits for the crawl's next fetch turn before an internal check (its interval or Crawl-delay, the service's fetch
   * slot); false: no turn now, internal checks stop here.
   */
  turn(): Promise<boolean>;
  /** The internal check has ended: the crawl's interval starts now. */
  turnEnded(): Promise<void>;
  /** No check starts after this (epoch ms). */
  until?: number;
}

/**
 * Checks the targets: the crawl's own host one at a time under its politeness, other hosts meanwhile, a few hosts at
 * once and one request at a time per host. Returns the answers that came; a target not started is not in them.
 */
export async function runLinkChecks(targets: { url: string; kind: LinkKind }[], run: LinkCheckRun): Promise<Map<string, LinkAnswer>> {
  const answers = new Map<string, LinkAnswer>();
  const timeLeft = () => run.until === undefined || Date.now() < run.until;
  const internal = async () => {
    for (const { url } of targets.filter((t) => t.kind === "internal")) {
      if (!timeLeft() || !(await run.turn())) return;
      try {
        answers.set(url, await run.check(url));
      } finally {
        await run.turnEnded();
      }
    }
  };
  const hosts = new Map<string, string[]>();
  for (const { url, kind } of targets) {
    if (kind !== "external") continue;
    const host = new URL(url).hostname;
    const urls = hosts.get(host) ?? [];
    urls.push(url);
    hosts.set(host, urls);
  }
  const queue = [...hosts.values()];
  const external = async () => {
    for (let urls = queue.shift(); urls; urls = queue.shift()) {
      for (const url of urls) {
        if (!timeLeft()) return;
        answers.set(url, await run.check(url));
      }
    }
  };
  await Promise.all([internal(), ...Array.from({ length: EXTERNAL_HOSTS_AT_ONCE }, external)]);
  return answers;
}
