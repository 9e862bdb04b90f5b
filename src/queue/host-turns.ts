/**
 * One consumer invocation's line per host, in front of the host's slots in D1 (src/queue/host-slots.ts): at most
 * `cap` of the invocation's messages of one host try for a slot at once, the others wait here for one of them to end.
 * A fast host's analyses end within a fraction of a second, so its pages wait in process instead of going back to the
 * queue for seconds; only slots held by other invocations send a message back.
 */
export interface HostTurn {
  /** The turn passes to the next waiting message of the host (once, however often it is called). */
  release(): void;
}

export interface HostTurns {
  /** The message's turn at `host`, or null when none came within `maxWaitMs`. */
  take(host: string, maxWaitMs: number): Promise<HostTurn | null>;
}

interface Line {
  running: number;
  waiting: (() => void)[];
}

export function createHostTurns(cap: number): HostTurns {
  const lines = new Map<string, Line>();

  const turn = (line: Line): HostTurn => {
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        // Handed straight to the next waiter: the count of running turns stays as it is.
        const next = line.waiting.shift();
        if (next) next();
        else line.running--;
      },
    };
  };

  return {
    take(host, maxWaitMs) {
      let line = lines.get(host);
      if (!line) lines.set(host, (line = { running: 0, waiting: [] }));
      const own = line;
      if (own.running < cap) {
        own.running++;
        return Promise.resolve(turn(own));
      }
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(turn(own));
        };
        const timer = setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(wake), 1);
          resolve(null);
        }, maxWaitMs);
        own.waiting.push(wake);
      });
    },
  };
}
