import { describe, expect, it } from "vitest";
import { https } from "../../../src/analysis/checks/https";
import { makePage } from "../../helpers/page";

describe("https check", () => {
  it("passes an https page", () => {
    expect(https.run(makePage("<p>x</p>", { url: "https://example.com/" }))).toEqual({ passed: true, value: "https" });
  });

  it("fails an http page", () => {
    const v = https.run(makePage("<p>x</p>", { url: "http://example.com/a" }));
    expect(v).toEqual({ passed: false, value: "http", errors: { not_https: "http://example.com/a" } });
  });
});
