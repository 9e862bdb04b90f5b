/**
 * A byte budget for the page bodies an isolate holds at once. Every fetch of a queue batch starts at once (waiting
 * on a network costs no memory); what holds memory is a body being read and kept until its analysis ends. A page
 * takes budget as its bytes arrive (all at once when the response names its length), and releases it when its
 * analysis is over. A page whose next bytes would pass the budget waits, in arrival order, until others release;
 * a page alone may pass it (one page larger than the whole budget still runs, alone).
 *
 * Pages without a length can all stall half read, each waiting for another: when every page holding budget is
 * waiting, the oldest waiter goes on past the budget (counted in `overruns`), so the budget can never deadlock and
 * the overshoot is at most one page (FETCH_MAX_BYTES). Plain code, no Worker APIs: the package entry can use it.
 */
export interface BodyLease {
  /** Counts `bytes` more of this page: null when they fit now, else a promise that resolves once they do. */
  take(bytes: number): Promise<void> | null;
  /** Holds `bytes` in all for this page before they arrive (a declared length); the bytes then taken count against it. */
  reserve(bytes: number): Promise<void> | null;
  /** The page is no longer held (its analysis ended, or its fetch failed). Idempotent. */
  release(): void;
}

export interface BodyBudgetCounts {
  limit: number;
  held: number;
  peakHeld: number;
  waits: number;
  overruns: number;
}

export interface BodyBudget {
  open(): BodyLease;
  counts(): BodyBudgetCounts;
}

interface Holder {
  held: number;
  used: number;
  waiting: Waiter | null;
}

interface Waiter {
  holder: Holder;
  bytes: number;
  grant: () => void;
}

export function createBodyBudget(limit: number): BodyBudget {
  const counts = { limit, held: 0, peakHeld: 0, waits: 0, overruns: 0 };
  const holders = new Set<Holder>();
  const queue: Waiter[] = [];

  const give = (holder: Holder, bytes: number) => {
    holder.held += bytes;
    counts.held += bytes;
    counts.peakHeld = Math.max(counts.peakHeld, counts.held);
  };
  const fits = (waiter: Waiter) => counts.held + waiter.bytes <= limit || counts.held === waiter.holder.held;
  const grant = (waiter: Waiter) => {
    queue.splice(queue.indexOf(waiter), 1);
    waiter.holder.waiting = null;
    give(waiter.holder, waiter.bytes);
    waiter.grant();
  };

  /** Serves waiters in arrival order; breaks the one deadlock (every holder waiting) by letting the oldest on. */
  function pump() {
    while (queue.length > 0 && fits(queue[0]!)) grant(queue[0]!);
    const stuck = queue.length > 0 && [...holders].every((holder) => holder.held === 0 || holder.waiting !== null);
    if (stuck) {
      counts.overruns++;
      grant(queue[0]!);
      pump();
    }
  }

  return {
    counts: () => ({ ...counts }),
    open() {
      const holder: Holder = { held: 0, used: 0, waiting: null };
      holders.add(holder);
      /** Makes the page hold `total` bytes: at once if they fit, else in line. */
      const hold = (total: number): Promise<void> | null => {
        const more = total - holder.held;
        if (more <= 0) return null;
        if (queue.length === 0 && counts.held + more <= limit) {
          give(holder, more);
          return null;
        }
        return new Promise<void>((resolve) => {
          const waiter: Waiter = { holder, bytes: more, grant: resolve };
          counts.waits++;
          holder.waiting = waiter;
          queue.push(waiter);
          pump();
        });
      };
      return {
        take(bytes) {
          holder.used += bytes;
          return hold(holder.used);
        },
        reserve: (bytes) => hold(Math.max(bytes, holder.used)),
        release() {
          if (!holders.delete(holder)) return;
          // A page given up while waiting (its deadline passed) leaves the line; its promise is abandoned.
          if (holder.waiting) queue.splice(queue.indexOf(holder.waiting), 1);
          counts.held -= holder.held;
          holder.held = 0;
          pump();
        },
      };
    },
  };
}
