import { expect, it } from "vitest";
import { memoryCruxStore } from "../../src/field/memory-store";

const DAY = 24 * 60 * 60 * 1000;
const record = { source: "origin" as const, form_factor: "PHONE" as const, collection_period: null, p75: { lcp_ms: 2400, inp_ms: 180, cls: 0.08, fcp_ms: 1500, ttfb_ms: 800 } };

it("keeps answers a day per target and form factor, CrUX's 'no data' included", async () => {
  let now = 1_000_000;
  const store = memoryCruxStore(() => now);
  const origin = { origin: "https://a.test" };
  expect(await store.cached(origin, "PHONE")).toBeUndefined();
  await store.keep(origin, "PHONE", record);
  await store.keep({ url: "https://a.test/x" }, "PHONE", null);
  expect(await store.cached(origin, "PHONE")).toEqual(record);
  expect(await store.cached(origin, "DESKTOP")).toBeUndefined();
  expect(await store.cached({ url: "https://a.test/x" }, "PHONE")).toBeNull();
  // A URL and an origin of the same text are different targets.
  expect(await store.cached({ url: "https://a.test" }, "PHONE")).toBeUndefined();
  now += DAY;
  expect(await store.cached(origin, "PHONE")).toBeUndefined();
});

it("counts queries per minute of the clock, under the budget", async () => {
  let now = 60_000 * 100 + 5;
  const store = memoryCruxStore(() => now);
  expect([await store.take(2), await store.take(2), await store.take(2)]).toEqual([true, true, false]);
  now += 60_000;
  expect(await store.take(2)).toBe(true);
});
