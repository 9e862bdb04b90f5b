import { describe, expect, it } from "vitest";
import { favicon } from "../../../src/analysis/checks/favicon";
import { makePage } from "../../helpers/page";

describe("favicon check", () => {
  it("passes rel icon, shortcut icon and apple-touch-icon", () => {
    expect(favicon.run(makePage('<link rel="icon" href="/f.svg">'))).toEqual({ passed: true, value: "/f.svg" });
    expect(favicon.run(makePage('<link rel="Shortcut Icon" href="/favicon.ico">')).passed).toBe(true);
    expect(favicon.run(makePage('<link rel="apple-touch-icon" href="/t.png">')).passed).toBe(true);
  });

  it("fails a page without an icon link", () => {
    expect(favicon.run(makePage('<link rel="stylesheet" href="/s.css">'))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });
});
