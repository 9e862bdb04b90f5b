import { describe, expect, it } from "vitest";
import { cruxUrl, errorWords, formFactorOf, queryBody, recordFrom, targetKey } from "../../src/field/crux-record";

const answer = {
  record: {
    key: { formFactor: "PHONE", url: "https://example.com/" },
    metrics: {
      largest_contentful_paint: { histogram: [{ start: 0, end: 2500, density: 0.8 }], percentiles: { p75: 2216 } },
      interaction_to_next_paint: { percentiles: { p75: 187.4 } },
      cumulative_layout_shift: { percentiles: { p75: "0.07" } },
      first_contentful_paint: { percentiles: { p75: 1501 } },
      experimental_time_to_first_byte: { percentiles: { p75: 812 } },
    },
    collectionPeriod: { firstDate: { year: 2026, month: 1, day: 3 }, lastDate: { year: 2026, month: 1, day: 30 } },
  },
};

describe("the Chrome UX Report API's shapes", () => {
  it("asks for a URL or an origin with the report's form factor", () => {
    expect(queryBody({ url: "https://example.com/a" }, formFactorOf("mobile"))).toEqual({ url: "https://example.com/a", formFactor: "PHONE" });
    expect(queryBody({ origin: "https://example.com" }, formFactorOf("desktop"))).toEqual({ origin: "https://example.com", formFactor: "DESKTOP" });
    expect(targetKey({ url: "https://example.com/a" })).toBe("url:https://example.com/a");
    expect(targetKey({ origin: "https://example.com" })).toBe("origin:https://example.com");
    expect(cruxUrl("https://example.com/a?b=1#top")).toBe("https://example.com/a?b=1");
  });

  it("reads a record's 75th percentiles, CLS from its string, and its collection period", () => {
    expect(recordFrom(answer, "url", "PHONE")).toEqual({
      source: "url",
      form_factor: "PHONE",
      collection_period: { first: "2026-01-03", last: "2026-01-30" },
      p75: { lcp_ms: 2216, inp_ms: 187, cls: 0.07, fcp_ms: 1501, ttfb_ms: 812 },
    });
  });

  it("a metric without data (or malformed) is null; a body without a record is none", () => {
    const sparse = { record: { metrics: { cumulative_layout_shift: { percentiles: { p75: "n/a" } }, time_to_first_byte: { percentiles: { p75: 90 } } } } };
    expect(recordFrom(sparse, "origin", "DESKTOP")).toEqual({
      source: "origin",
      form_factor: "DESKTOP",
      collection_period: null,
      p75: { lcp_ms: null, inp_ms: null, cls: null, fcp_ms: null, ttfb_ms: 90 },
    });
    expect(recordFrom({ error: { code: 404 } }, "url", "PHONE")).toBeNull();
    expect(recordFrom(null, "url", "PHONE")).toBeNull();
  });

  it("words an error from Google's error body, or the status alone", () => {
    expect(errorWords(400, { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } })).toBe(
      "HTTP 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.",
    );
    expect(errorWords(503, null)).toBe("HTTP 503");
    expect(errorWords(500, { error: { message: "x".repeat(500) } })).toHaveLength("HTTP 500: ".length + 200);
  });
});
