import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCaller } from "../helpers/api";
import { create, waitForRows } from "../helpers/lanes";

/*
 * A host's slots shared between the accounts waiting for it (docs/operations.md "Per-host fairness"), through the real
 * queues: one account's slow pages hold every slow-lane slot of a host, another account's slow pages of the same host
 * come after; as the first account's slots free, they pass to the second, up to its share, and both accounts' reports
 * all settle. The timed project's env: first deadline 1 s, full deadline 3 s, 4 analyses per host and lane.
 */
const cap = Number(env.HOST_CONCURRENCY ?? 4);

const slotsByAccount = async (host: string) =>
  (
    await env.DB.prepare("SELECT account_id, count(*) AS n FROM analysis_host_slots WHERE host = ? AND lane = 'slow' GROUP BY account_id")
      .bind(host)
      .all<{ account_id: number; n: number }>()
  ).results;

describe("a host's slots shared between accounts", () => {
  // The busy account's messages fill every batch of the slow lane; the later one's share is kept in each consumer
  // invocation's line as well as in D1 (src/queue/host-turns.ts), so its messages are not turned away one by one
  // behind the busy account's in the same batch.
  it("gives a second account its share of a host's slow-lane slots that one account's slow pages held, and settles both", async () => {
    const busy = await createCaller("share-busy");
    const later = await createCaller("share-later");
    const host = new URL(env.OTHER_HOST).hostname;
    const tag = `share-${Date.now()}`;
    // Each answers after 1.5 s: past the first deadline, so they run in the slow lane, each holding a slot 1.5 s.
    const first = [];
    // Enough that the busy account alone would need 7.5 s: the later account, first moved to the slow lane like the
    // busy one, then waiting for its share, is measured against a backlog that outlasts its queue hops.
    for (let n = 0; n < 20; n++) first.push(await create(busy, `${env.OTHER_HOST}/hostile/slow/1500?${tag}-busy=${n}`));
    const busyAccount = (await env.DB.prepare("SELECT account_id FROM reports WHERE id = ?").bind(first[0]).first<{ account_id: number }>())!.account_id;
    // The busy account holds every slow-lane slot of the host before the other account's pages come.
    const seen = { busyAlone: 0, laterMost: 0 };
    const watch = async () => {
      const held = await slotsByAccount(host);
      const busyHeld = held.find((r) => r.account_id === busyAccount)?.n ?? 0;
      const laterHeld = held.filter((r) => r.account_id !== busyAccount).reduce((sum, r) => sum + r.n, 0);
      seen.busyAlone = Math.max(seen.busyAlone, laterHeld === 0 ? busyHeld : 0);
      seen.laterMost = Math.max(seen.laterMost, laterHeld);
    };
    const full = Date.now() + 30_000;
    while (seen.busyAlone < cap && Date.now() < full) {
      await watch();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.busyAlone).toBe(cap);
    const second = [];
    for (let n = 0; n < 4; n++) second.push(await create(later, `${env.OTHER_HOST}/hostile/slow/1500?${tag}-later=${n}`));
    const laterRows = await waitForRows(second, 30_000, watch);
    expect(laterRows.map((r) => r.status)).toEqual(second.map(() => "completed"));
    // The later account held at least its share of the host at once (ceil(cap / 2) while both wait; more once the
    // busy account no longer waits), not one slot at a time ...
    expect(seen.laterMost).toBeGreaterThanOrEqual(Math.ceil(cap / 2));
    // ... and it was done while the busy account still had pages to go: it did not wait behind all of them.
    const busyNow = await waitForRows(first, 0);
    expect(busyNow.filter((r) => r.status === "completed").length).toBeLessThan(first.length);
    // The busy account's reports all settle too.
    const busyRows = await waitForRows(first, 60_000, watch);
    expect(busyRows.map((r) => r.status)).toEqual(first.map(() => "completed"));
  }, 90_000);
});
