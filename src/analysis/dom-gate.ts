/**
 * One DOM at a time in this isolate. The queue consumer analyses a batch's messages concurrently so their
 * fetches overlap, but a DOM of a page cut by the parse budget takes 16-25 MB of a 128 MB isolate: building
 * the DOM and running the checks go through this gate one page at a time, in arrival order. Today that work
 * is synchronous (so it could not interleave anyway); the gate keeps it so if a check ever awaits.
 */
let tail: Promise<unknown> = Promise.resolve();
const counts = { held: 0, peakHeld: 0, passes: 0 };

export function withDomGate<T>(work: () => T | Promise<T>): Promise<T> {
  const turn = tail.then(async () => {
    counts.held++;
    counts.passes++;
    counts.peakHeld = Math.max(counts.peakHeld, counts.held);
    try {
      return await work();
    } finally {
      counts.held--;
    }
  });
  // The next page waits for this turn to end, not for its result: holding the result would keep the last
  // page alive (its findings are slices of the page's HTML, which keep the whole string), and a failed turn
  // must not close the gate.
  tail = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

/** How many pages hold the gate now, the most that ever held it at once, and how many passed: for tests and the soak. */
export const domGateCounts = () => ({ ...counts });
