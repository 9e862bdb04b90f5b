import { describe, expect, it } from "vitest";
import { createHostTurns } from "../../src/queue/host-turns";

const never = { maxWaitMs: 60_000 };
const within = (maxWaitMs: number) => ({ maxWaitMs });
const A = 1;
const B = 2;

describe("one invocation's line per host", () => {
  it("gives `cap` turns of a host at once, hands a released turn to the next waiter in order, and keeps hosts apart", async () => {
    const turns = createHostTurns(2);
    const a = await turns.take("a.example", A, never);
    const b = await turns.take("a.example", A, never);
    expect(a && b).toBeTruthy();
    // Another host has its own line: its turn comes at once although a.example's are all taken.
    expect(await turns.take("b.example", A, within(0))).not.toBeNull();

    const order: string[] = [];
    const third = turns.take("a.example", A, never).then((turn) => (order.push("third"), turn));
    const fourth = turns.take("a.example", A, never).then((turn) => (order.push("fourth"), turn));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    a!.release();
    a!.release(); // a second release gives nothing away
    expect(await third).not.toBeNull();
    expect(order).toEqual(["third"]);
    b!.release();
    expect(await fourth).not.toBeNull();
    expect(order).toEqual(["third", "fourth"]);
    // Both turns are held again (third's and fourth's): a.example has none free.
    expect(await turns.take("a.example", A, within(20))).toBeNull();
  });

  it("gives up on a waiter after maxWaitMs, and the line still counts its turns right afterwards", async () => {
    const turns = createHostTurns(1);
    const held = await turns.take("a.example", A, never);
    const started = Date.now();
    expect(await turns.take("a.example", A, within(50))).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    held!.release();
    // The timed-out waiter left the line: the turn is free, not handed to it, and counted once.
    expect(await turns.take("a.example", A, within(0))).not.toBeNull();
    expect(await turns.take("a.example", A, within(20))).toBeNull();
  });

  it("shares a host's turns between the accounts in the line: a freed turn goes to the account running fewest", async () => {
    const turns = createHostTurns(4);
    // Account A came first and took every turn.
    const held = await Promise.all([0, 1, 2, 3].map(() => turns.take("a.example", A, never)));
    const got: string[] = [];
    const wait = (account: number, name: string) =>
      turns.take("a.example", account, never).then((turn) => (got.push(name), turn));
    // A's fifth message came before B's two: still, the freed turns go to B until B runs its share (4 / 2 accounts).
    const aFifth = wait(A, "a5");
    const b1 = wait(B, "b1");
    const b2 = wait(B, "b2");
    held[0]!.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toEqual(["b1"]);
    held[1]!.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toEqual(["b1", "b2"]);
    // B runs its share and A two: A's next turn comes when one of them frees.
    held[2]!.release();
    expect(await aFifth).not.toBeNull();
    expect(got).toEqual(["b1", "b2", "a5"]);
  });

  it("keeps a waiter of an account below its share past maxWaitMs, up to withinShareMs; one at its share leaves", async () => {
    const turns = createHostTurns(2);
    const held = await Promise.all([turns.take("a.example", A, never), turns.take("a.example", A, never)]);
    const started = Date.now();
    // A runs 2 of 2 (its share of 1 with B in the line exceeded): its waiter leaves after maxWaitMs.
    const aWaits = turns.take("a.example", A, { maxWaitMs: 30, withinShareMs: 5_000 });
    // B runs none: it stays in the line past maxWaitMs and takes the turn freed after it.
    const bWaits = turns.take("a.example", B, { maxWaitMs: 30, withinShareMs: 5_000 });
    expect(await aWaits).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    held[0]!.release();
    expect(await bWaits).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("gives up on a waiter below its share at withinShareMs", async () => {
    const turns = createHostTurns(1);
    expect(await turns.take("a.example", A, never)).not.toBeNull();
    const started = Date.now();
    // B runs none of its share (1 of 1 with A in the line, rounded up) and no turn frees: it leaves at 60 ms, not 10.
    expect(await turns.take("a.example", B, { maxWaitMs: 10, withinShareMs: 60 })).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});
