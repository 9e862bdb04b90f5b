import { describe, expect, it } from "vitest";
import { EXTERNAL_HOSTS_AT_ONCE, runLinkChecks } from "../../src/site/run-link-checks";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A run whose checks answer 200 after `ms`, recording what was asked and when, and how many hosts were asked at once. */
function recordingRun(ms: number, turns = Infinity) {
  const log: { url: string; start: number; end: number }[] = [];
  const busy = new Map<string, number>();
  let maxHostsAtOnce = 0;
  let maxPerHost = 0;
  let turnsLeft = turns;
  let internalOpen = 0;
  let overlap = false;
  return {
    log,
    stats: () => ({ maxHostsAtOnce, maxPerHost, overlap }),
    run: {
      async check(url: string) {
        const host = new URL(url).hostname;
        busy.set(host, (busy.get(host) ?? 0) + 1);
        maxPerHost = Math.max(maxPerHost, busy.get(host)!);
        maxHostsAtOnce = Math.max(maxHostsAtOnce, [...busy.values()].filter((n) => n > 0).length - (busy.get("site.example") ? 1 : 0));
        const start = Date.now();
        await sleep(ms);
        busy.set(host, busy.get(host)! - 1);
        log.push({ url, start, end: Date.now() });
        return { status: 200, error: null };
      },
      async turn() {
        if (turnsLeft-- <= 0) return false;
        if (internalOpen > 0) overlap = true;
        internalOpen += 1;
        return true;
      },
      async turnEnded() {
        internalOpen -= 1;
      },
    },
  };
}

const internal = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://site.example/${i}`, kind: "internal" as const }));
const external = (host: string, n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://${host}/${i}`, kind: "external" as const }));

describe("runLinkChecks", () => {
  it("asks the site one target per turn, other hosts meanwhile: a few hosts at once, one request at a time per host", async () => {
    const hosts = Array.from({ length: 6 }, (_, i) => external(`h${i}.example`, 2)).flat();
    const { run, stats, log } = recordingRun(20);
    const answers = await runLinkChecks([...internal(3), ...hosts], run);
    expect(answers.size).toBe(15);
    expect(stats()).toEqual({ maxHostsAtOnce: EXTERNAL_HOSTS_AT_ONCE, maxPerHost: 1, overlap: false });
    // The site's targets went in plan order.
    expect(log.filter((l) => l.url.includes("site.example")).map((l) => l.url)).toEqual(internal(3).map((t) => t.url));
  });

  it("stops internal checks when no turn is given, and starts nothing after `until`: targets not started have no answer", async () => {
    const { run } = recordingRun(5, 1);
    const answers = await runLinkChecks(internal(3), run);
    expect([...answers.keys()]).toEqual(["https://site.example/0"]);
    const timed = recordingRun(30);
    const late = await runLinkChecks([...internal(1), ...external("x.example", 5)], { ...timed.run, until: Date.now() + 50 });
    expect(late.size).toBeGreaterThan(1);
    expect(late.size).toBeLessThan(6);
  });
});
