import { describe, expect, it } from "vitest";
import { checks } from "../../../src/analysis/checks/index";
import { siteChecks } from "../../../src/site/checks/index";
import { byImportanceThenPages, checkInfo, failedCheckIds, isPageCheck, isSiteCheck } from "../../../src/site/issues/check-info";

describe("checkInfo", () => {
  it("knows every page check and every site check by id, and nothing else", () => {
    for (const check of checks) expect(checkInfo(check.id), check.id).toMatchObject({ check: check.id, kind: "page", title: check.title, fix: check.fix });
    for (const check of siteChecks) expect(checkInfo(check.id), check.id).toMatchObject({ check: check.id, kind: "site", title: check.title });
    expect(checkInfo("no_such_check")).toBeUndefined();
    expect(isPageCheck(checks[0]!.id) && !isSiteCheck(checks[0]!.id)).toBe(true);
    expect(isSiteCheck(siteChecks[0]!.id) && !isPageCheck(siteChecks[0]!.id)).toBe(true);
  });

  it("lists a page's failed checks", () => {
    const result = (passed: boolean) => ({ passed, category: "seo", importance: "low", value: null }) as never;
    expect(failedCheckIds({ a: result(true), b: result(false), c: result(false) })).toEqual(["b", "c"]);
  });

  it("orders rows by importance, then most pages, then id", () => {
    const rows = [
      { check: "b", importance: "low", pages: 9 },
      { check: "c", importance: "high", pages: 1 },
      { check: "a", importance: "high", pages: 1 },
      { check: "d", importance: "high", pages: 5 },
    ] as const;
    expect([...rows].sort(byImportanceThenPages).map((r) => r.check)).toEqual(["d", "a", "c", "b"]);
  });
});
