import { describe, expect, it } from "vitest";
import { createBodyBudget } from "../../src/analysis/body-budget";

const settled = async (promise: Promise<void> | null) => {
  let done = promise === null;
  promise?.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe("body budget", () => {
  it("grants bytes that fit at once, makes a page that would pass it wait, and lets it on when another releases", async () => {
    const budget = createBodyBudget(100);
    const a = budget.open();
    const b = budget.open();
    expect(a.take(60)).toBeNull();
    const waiting = b.take(60);
    expect(await settled(waiting)).toBe(false);
    expect(budget.counts()).toMatchObject({ held: 60, waits: 1 });
    a.release();
    expect(await settled(waiting)).toBe(true);
    expect(budget.counts()).toMatchObject({ held: 60, peakHeld: 60, overruns: 0 });
    b.release();
    expect(budget.counts().held).toBe(0);
  });

  it("counts the bytes of a reserved (declared) length against the reservation, not twice", async () => {
    const budget = createBodyBudget(100);
    const a = budget.open();
    expect(a.reserve(60)).toBeNull();
    expect(a.take(30)).toBeNull();
    expect(a.take(30)).toBeNull();
    expect(budget.counts().held).toBe(60);
    const b = budget.open();
    expect(b.reserve(50)).not.toBeNull();
    expect(b.reserve(0)).toBeNull();
    a.release();
  });

  it("lets one page larger than the whole budget run, alone", async () => {
    const budget = createBodyBudget(100);
    const big = budget.open();
    expect(big.take(80)).toBeNull();
    expect(await settled(big.take(500))).toBe(true);
    const next = budget.open();
    const waiting = next.take(1);
    expect(await settled(waiting)).toBe(false);
    big.release();
    expect(await settled(waiting)).toBe(true);
  });

  it("serves waiting pages in arrival order", async () => {
    const budget = createBodyBudget(100);
    const first = budget.open();
    first.take(100);
    const order: string[] = [];
    const b = budget.open();
    const c = budget.open();
    b.take(70)!.then(() => order.push("b"));
    c.take(10)!.then(() => order.push("c"));
    first.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(["b", "c"]);
  });

  it("never deadlocks: when every page holding bytes waits, the oldest goes on (an overrun)", async () => {
    const budget = createBodyBudget(100);
    const a = budget.open();
    const b = budget.open();
    a.take(50);
    b.take(50);
    const aMore = a.take(10);
    const bMore = b.take(10);
    expect(await settled(aMore)).toBe(true);
    expect(await settled(bMore)).toBe(false);
    expect(budget.counts()).toMatchObject({ overruns: 1, held: 110 });
    a.release();
    expect(await settled(bMore)).toBe(true);
  });

  it("a page given up while waiting leaves the line and frees what it held", async () => {
    const budget = createBodyBudget(100);
    const a = budget.open();
    const b = budget.open();
    const c = budget.open();
    a.take(90);
    b.take(5);
    const bMore = b.take(50);
    c.take(1);
    b.release();
    expect(budget.counts().held).toBe(91);
    a.release();
    expect(await settled(bMore)).toBe(false);
    expect(budget.counts().held).toBe(1);
  });
});
