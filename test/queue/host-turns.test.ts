import { describe, expect, it } from "vitest";
import { createHostTurns } from "../../src/queue/host-turns";

const never = 60_000;

describe("one invocation's line per host", () => {
  it("gives `cap` turns of a host at once, hands a released turn to the next waiter in order, and keeps hosts apart", async () => {
    const turns = createHostTurns(2);
    const a = await turns.take("a.example", never);
    const b = await turns.take("a.example", never);
    expect(a && b).toBeTruthy();
    // Another host has its own line: its turn comes at once although a.example's are all taken.
    expect(await turns.take("b.example", 0)).not.toBeNull();

    const order: string[] = [];
    const third = turns.take("a.example", never).then((turn) => (order.push("third"), turn));
    const fourth = turns.take("a.example", never).then((turn) => (order.push("fourth"), turn));
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
    expect(await turns.take("a.example", 20)).toBeNull();
  });

  it("gives up on a waiter after maxWaitMs, and the line still counts its turns right afterwards", async () => {
    const turns = createHostTurns(1);
    const held = await turns.take("a.example", never);
    const started = Date.now();
    expect(await turns.take("a.example", 50)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    held!.release();
    // The timed-out waiter left the line: the turn is free, not handed to it, and counted once.
    expect(await turns.take("a.example", 0)).not.toBeNull();
    expect(await turns.take("a.example", 20)).toBeNull();
  });
});
