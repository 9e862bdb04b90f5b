import { describe, expect, it } from "vitest";
import { pageSize } from "../../../src/analysis/checks/page-size";
import { makePage } from "../../helpers/page";

describe("page_size check", () => {
  it("passes a page of at most 330,000 bytes", () => {
    expect(pageSize.run(makePage("<p>x</p>", { bytes: 330_000 }))).toEqual({ passed: true, value: 330_000 });
  });

  it("fails a page over the limit", () => {
    const v = pageSize.run(makePage("<p>x</p>", { bytes: 330_001 }));
    expect(v).toEqual({ passed: false, value: 330_001, errors: { too_large: { bytes: 330_001, max: 330_000 } } });
  });

  it("uses the configured limit", () => {
    const v = pageSize.run(makePage("<p>x</p>", { bytes: 2000, settings: { maxPageBytes: 1000 } }));
    expect(v.errors).toEqual({ too_large: { bytes: 2000, max: 1000 } });
  });
});
