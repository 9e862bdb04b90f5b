import { describe, expect, it } from "vitest";
import { assessField, coreWebVitals } from "../../../src/analysis/checks/core-web-vitals";
import type { FieldFacts, FieldRecord } from "../../../src/analysis/types";
import { makePage, makeRenderedPage } from "../../helpers/page";

const period = { first: "2026-10-26", last: "2026-11-22" };
const p75 = (values: Partial<FieldRecord["p75"]> = {}): FieldRecord["p75"] => ({ lcp_ms: 2100, inp_ms: 150, cls: 0.05, fcp_ms: 1200, ttfb_ms: 600, ...values });
const record = (values: Partial<FieldRecord["p75"]> = {}, source: FieldRecord["source"] = "url"): FieldFacts => ({
  ok: true,
  record: { source, form_factor: "PHONE", collection_period: period, p75: p75(values) },
});
const withField = (field: FieldFacts) => ({ ...makePage("<p>x</p>"), field });

describe("assessField: Google's p75 assessment", () => {
  it("passes when LCP, INP and CLS are all good, at the thresholds included", () => {
    expect(assessField(p75({ lcp_ms: 2500, inp_ms: 200, cls: 0.1 }))).toEqual({
      assessed: true,
      passed: true,
      ratings: { lcp: "good", inp: "good", cls: "good" },
      judgedOn: ["lcp", "inp", "cls"],
    });
  });

  it("fails when any one of the three is past good, each rated by Google's bands", () => {
    expect(assessField(p75({ lcp_ms: 2501 }))).toMatchObject({ passed: false, ratings: { lcp: "needs_improvement", inp: "good", cls: "good" } });
    expect(assessField(p75({ inp_ms: 201 }))).toMatchObject({ passed: false, ratings: { inp: "needs_improvement" } });
    expect(assessField(p75({ inp_ms: 501 }))).toMatchObject({ passed: false, ratings: { inp: "poor" } });
    expect(assessField(p75({ cls: 0.11 }))).toMatchObject({ passed: false, ratings: { cls: "needs_improvement" } });
    expect(assessField(p75({ cls: 0.26, lcp_ms: 4001 }))).toMatchObject({ passed: false, ratings: { lcp: "poor", cls: "poor" } });
  });

  it("judges on LCP and CLS when INP has no data", () => {
    expect(assessField(p75({ inp_ms: null }))).toEqual({ assessed: true, passed: true, ratings: { lcp: "good", inp: null, cls: "good" }, judgedOn: ["lcp", "cls"] });
    expect(assessField(p75({ inp_ms: null, cls: 0.3 }))).toMatchObject({ passed: false, judgedOn: ["lcp", "cls"] });
  });

  it("makes no assessment without LCP or CLS", () => {
    expect(assessField(p75({ lcp_ms: null }))).toEqual({ assessed: false, ratings: { lcp: null, inp: "good", cls: "good" }, missing: ["lcp"] });
    expect(assessField(p75({ lcp_ms: null, cls: null }))).toMatchObject({ assessed: false, missing: ["lcp", "cls"] });
  });
});

describe("core_web_vitals check", () => {
  it("passes with the record's source, form factor, period, p75 and ratings", () => {
    expect(coreWebVitals.run(withField(record()))).toEqual({
      passed: true,
      value: {
        source: "url",
        form_factor: "PHONE",
        collection_period: period,
        p75: p75(),
        ratings: { lcp: "good", inp: "good", cls: "good" },
        judged_on: ["lcp", "inp", "cls"],
      },
    });
  });

  it("fails naming each metric past good with its p75 and limit", () => {
    const v = coreWebVitals.run(withField(record({ lcp_ms: 3200, inp_ms: 650 }, "origin")));
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({
      field_vitals: { lcp: { p75: 3200, max: 2500, rating: "needs_improvement" }, inp: { p75: 650, max: 200, rating: "poor" } },
    });
    expect((v.value as { source: string }).source).toBe("origin");
  });

  it("applies without rendering and on a rendered page alike", () => {
    expect(coreWebVitals.run({ ...makeRenderedPage("<p>x</p>", "<p>x</p>"), field: record({ cls: 0.3 }) }).passed).toBe(false);
    expect(coreWebVitals.run(withField(record({ cls: 0.3 }))).passed).toBe(false);
  });

  it("does not apply without field data, saying why", () => {
    expect(coreWebVitals.run(makePage("<p>x</p>"))).toEqual({ passed: true, applicable: false, value: { reason: "Field data was not asked for in this audit." } });
    const noKey = coreWebVitals.run(withField({ ok: false, reason: "no_key", message: "Field data needs CRUX_API_KEY." }));
    expect(noKey).toEqual({ passed: true, applicable: false, value: { reason: "Field data needs CRUX_API_KEY.", field_data: "no_key" } });
    const down = coreWebVitals.run(withField({ ok: false, reason: "unavailable", message: "The Chrome UX Report did not answer within 3 s." }));
    expect(down.applicable).toBe(false);
    expect((down.value as { field_data: string }).field_data).toBe("unavailable");
  });

  it("does not apply when the record lacks LCP or CLS, naming them", () => {
    const v = coreWebVitals.run(withField(record({ lcp_ms: null })));
    expect(v.applicable).toBe(false);
    expect((v.value as { reason: string }).reason).toBe("The Chrome UX Report has too little data for LCP of this url.");
  });
});
