import { describe, expect, it } from "vitest";
import type { Results } from "../../src/analysis/types";
import { fieldView } from "../../src/page/field-view";

const p75 = { lcp_ms: 2400, inp_ms: null, cls: 0.08, fcp_ms: 1500, ttfb_ms: 800 };
const stored = (value: unknown): Results => ({ core_web_vitals: { category: "performance", importance: "high", passed: true, value } });

describe("fieldView", () => {
  it("reads the record core_web_vitals judged, passed or failed", () => {
    const value = { source: "origin", form_factor: "DESKTOP", collection_period: { first: "2026-10-26", last: "2026-11-22" }, p75, ratings: {}, judged_on: ["lcp", "cls"] };
    expect(fieldView(stored(value))).toEqual({ source: "origin", form_factor: "DESKTOP", collection_period: { first: "2026-10-26", last: "2026-11-22" }, p75 });
  });

  it("is null when the check had no record: no key, no data, an error, or a report from before the check", () => {
    expect(fieldView(stored({ reason: "Field data needs a Chrome UX Report API key.", field_data: "no_key" }))).toBeNull();
    expect(fieldView({})).toBeNull();
  });

  it("keeps only numbers of a stored p75, and no period it cannot read", () => {
    const view = fieldView(stored({ source: "url", form_factor: "PHONE", collection_period: "?", p75: { ...p75, lcp_ms: "slow" } }));
    expect(view).toEqual({ source: "url", form_factor: "PHONE", collection_period: null, p75: { ...p75, lcp_ms: null } });
  });
});
