import { describe, expect, it } from "vitest";
import { httpStatus } from "../../../src/analysis/checks/http-status";
import { makePage } from "../../helpers/page";

const withStatus = (status: number) => httpStatus.run(makePage("<p>x</p>", { status }));

describe("http_status check", () => {
  it("passes 200 and 3xx", () => {
    expect(withStatus(200)).toEqual({ passed: true, value: 200 });
    expect(withStatus(304).passed).toBe(true);
  });

  it("fails 4xx and 5xx", () => {
    expect(withStatus(404)).toEqual({ passed: false, value: 404, errors: { bad_status: 404 } });
    expect(withStatus(500).errors).toEqual({ bad_status: 500 });
  });
});
