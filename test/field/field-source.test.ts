// The field data source over a store other than D1 (the command line's, src/field/memory-store.ts), against the local
// Chrome UX Report API (test/server/crux-api.ts): what the Worker's D1 path does is test/field/scenarios/.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { fieldSource, originField } from "../../src/field/field-source";
import { memoryCruxStore } from "../../src/field/memory-store";
import { cruxQueries } from "../helpers/crux-queries";
import { CRUX_TEST_KEY } from "../server/crux-api";

const settings = { apiOrigin: env.CRUX_API_ORIGIN, apiKey: CRUX_TEST_KEY, timeoutMs: 2000, queriesPerMinute: 140 };
const asked = (tag: string) => cruxQueries(env.CRUX_API_ORIGIN, tag);

it("asks the URL, then its origin; the store's answers serve the next page without a query", async () => {
  const store = memoryCruxStore();
  const source = fieldSource(store, settings);
  const otherOrigin = new URL(env.OTHER_HOST).origin;
  const first = await source(`${env.OTHER_HOST}/experience/fast?t=source-a`, "desktop");
  expect(first).toMatchObject({ ok: false, reason: "no_data" });
  const second = await source(`${env.OTHER_HOST}/experience/fast?t=source-b`, "desktop");
  expect(second).toMatchObject({ ok: false, reason: "no_data" });
  expect((await asked("t=source-")).map((q) => q.body)).toEqual([
    { url: `${env.OTHER_HOST}/experience/fast?t=source-a`, formFactor: "DESKTOP" },
    { url: `${env.OTHER_HOST}/experience/fast?t=source-b`, formFactor: "DESKTOP" },
  ]);
  // The origin's "no data" was asked for the first page only, and a site's own question is answered from the store.
  const originQueries = async () => (await asked(otherOrigin)).filter((q) => q.body.origin === otherOrigin && q.body.formFactor === "DESKTOP");
  const before = (await originQueries()).length;
  expect(await originField(store, settings, `${env.OTHER_HOST}/`, "desktop")).toMatchObject({ ok: false, reason: "no_data" });
  expect((await originQueries()).length).toBe(before);
});

it("no key: nothing is asked", async () => {
  const source = fieldSource(memoryCruxStore(), { ...settings, apiKey: undefined });
  expect(await source(`${env.PAGE_SERVER}/experience/fast?crux=good&t=source-no-key`, "mobile")).toMatchObject({ ok: false, reason: "no_key" });
  expect(await asked("t=source-no-key")).toEqual([]);
});
