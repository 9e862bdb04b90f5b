import { describe, expect, it } from "vitest";
import { pause } from "../../../src/site/discovery/pause";

describe("pause", () => {
  it("does not wait the first time, nor once the interval has passed", async () => {
    const before = Date.now();
    expect(await pause(null, 10_000)).toBeLessThan(before + 1_000);
    expect(await pause(before - 20_000, 10_000)).toBeLessThan(before + 1_000);
  });

  it("waits until the interval after the last start", async () => {
    const last = Date.now();
    expect(await pause(last, 150)).toBeGreaterThanOrEqual(last + 150);
  });

  it("ends its wait when the signal ends", async () => {
    const controller = new AbortController();
    const start = Date.now();
    const waiting = pause(start, 10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await waiting).toBeLessThan(start + 5_000);
    const aborted = AbortSignal.abort();
    expect(await pause(Date.now(), 10_000, aborted)).toBeLessThan(Date.now() + 1_000);
  });
});
