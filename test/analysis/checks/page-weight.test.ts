import { describe, expect, it } from "vitest";
import { pageWeight } from "../../../src/analysis/checks/page-weight";
import { labMetrics, makePage, measuredPage } from "../../helpers/page";

describe("page_weight check", () => {
  it("passes at Lighthouse's line, 2,667 KiB, with the bytes by type and the requests", () => {
    const byType = { document: 31_008, image: 2_700_000 };
    const v = pageWeight.run(measuredPage(labMetrics({ bytes: 2_731_008, bytes_by_type: byType, requests: 7 })));
    expect(v).toEqual({ passed: true, value: { bytes: 2_731_008, by_type: byType, requests: 7, device: "mobile" } });
  });

  it("fails one byte over", () => {
    const v = pageWeight.run(measuredPage(labMetrics({ bytes: 2_731_009 })));
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ too_heavy: { bytes: 2_731_009, max_bytes: 2_731_008 } });
  });

  it("does not apply without rendering", () => {
    expect(pageWeight.run(makePage("<p>x</p>"))).toMatchObject({ passed: true, applicable: false });
  });
});
