/**
 * One consumer invocation's line per host, in front of the host's slots in D1 (src/queue/host-slots.ts): at most
 * `cap` of the invocation's messages of one host try for a slot at once, the others wait here for one of them to end.
 * A fast host's analyses end within a fraction of a second, so its pages wait in process instead of going back to the
 * queue for seconds; only slots held by other invocations send a message back.
 *
 * The line is shared between the accounts in it as the host's slots are (src/queue/host-share.ts): while several
 * accounts have messages of the host in the invocation, each runs at most ceil(cap / accounts) of them, and a freed
 * turn goes to the waiting account that runs fewest. Without that, one batch's first messages of a busy account took
 * every turn, the other account's messages of the same batch gave up after a second and went back to the queue for
 * 2-4 s each, apart, and came back one at a time into batches the busy account filled again (issue 35: the later
 * account held one slot at a time, or finished after the busy one). So a message whose account runs less than its
 * share waits here longer (`withinShareMs`): the turns it waits for are held by this invocation's own analyses, which
 * end within their deadline, and it takes the first one that frees.
 */
export interface HostTurn {
  /** The turn passes to the next waiting message of the host (once, however often it is called). */
  release(): void;
}

export interface TurnWait {
  /** How long a message waits for a turn. */
  maxWaitMs: number;
  /** How long, in all, while its account runs less than its share of the line (never less than maxWaitMs). */
  withinShareMs?: number;
}

export interface HostTurns {
  /** The message's turn at `host` for `account`, or null when none came within the wait. */
  take(host: string, account: number, wait: TurnWait): Promise<HostTurn | null>;
}

interface Waiter {
  account: number;
  wake: () => void;
}

interface Line {
  total: number;
  running: Map<number, number>;
  waiting: Waiter[];
}

export function createHostTurns(cap: number): HostTurns {
  const lines = new Map<string, Line>();

  const runs = (line: Line, account: number) => line.running.get(account) ?? 0;
  /** Each account's share of the line: the accounts running or waiting in it, counted once. */
  const share = (line: Line) => {
    const accounts = new Set([...line.running.keys(), ...line.waiting.map((w) => w.account)]);
    return Math.ceil(cap / Math.max(1, accounts.size));
  };
  const mayRun = (line: Line, account: number) => line.total < cap && runs(line, account) < share(line);

  const start = (line: Line, account: number): HostTurn => {
    line.total++;
    line.running.set(account, runs(line, account) + 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        line.total--;
        const left = runs(line, account) - 1;
        if (left > 0) line.running.set(account, left);
        else line.running.delete(account);
        admit(line);
      },
    };
  };

  /** Free turns go to waiters, the account running fewest first, each in its order of arrival. */
  const admit = (line: Line) => {
    for (;;) {
      const ready = line.waiting.filter((w) => mayRun(line, w.account));
      if (ready.length === 0) return;
      const next = ready.reduce((best, w) => (runs(line, w.account) < runs(line, best.account) ? w : best));
      line.waiting.splice(line.waiting.indexOf(next), 1);
      next.wake();
    }
  };

  return {
    take(host, account, { maxWaitMs, withinShareMs = maxWaitMs }) {
      let line = lines.get(host);
      if (!line) lines.set(host, (line = { total: 0, running: new Map(), waiting: [] }));
      const own = line;
      // Waiters that could run have been started (admit): a newcomer that may run passes nobody.
      if (mayRun(own, account)) return Promise.resolve(start(own, account));
      const startedAt = Date.now();
      return new Promise((resolve) => {
        let timer: ReturnType<typeof setTimeout>;
        const waiter: Waiter = {
          account,
          wake: () => {
            clearTimeout(timer);
            resolve(start(own, account));
          },
        };
        const giveUp = () => {
          const waited = Date.now() - startedAt;
          // Below its share, the account keeps its place: the next turn freed is its.
          if (waited < withinShareMs && runs(own, account) < share(own)) {
            timer = setTimeout(giveUp, withinShareMs - waited);
            return;
          }
          own.waiting.splice(own.waiting.indexOf(waiter), 1);
          resolve(null);
          // Its account leaving may raise the others' share.
          admit(own);
        };
        timer = setTimeout(giveUp, maxWaitMs);
        own.waiting.push(waiter);
      });
    },
  };
}
