import { describe, expect, it } from "vitest";
import { notFoundPage } from "../../../src/analysis/checks/not-found-page";
import { makePage } from "../../helpers/page";

const withStatus = (notFoundStatus: number | null) => notFoundPage.run(makePage("<p>x</p>", { notFoundStatus }));

describe("not_found_page check", () => {
  it("passes 404 and 410", () => {
    expect(withStatus(404)).toEqual({ passed: true, value: 404 });
    expect(withStatus(410)).toEqual({ passed: true, value: 410 });
  });

  it("fails a soft 404 that answers 200", () => {
    expect(withStatus(200)).toEqual({ passed: false, value: 200, errors: { wrong_status: 200 } });
  });

  it("fails with an explanation when the probe failed", () => {
    const v = withStatus(null);
    expect(v.passed).toBe(false);
    expect(v.value).toBeNull();
    expect(v.errors?.unchecked).toMatch(/could not be checked/);
  });
});
