import { describe, expect, it } from "vitest";
import { duplicateTitles } from "../../../src/site/checks/duplicate-titles";
import { audited, u, view } from "../../helpers/site-view";

describe("duplicate_titles", () => {
  it("fails with the group of pages sharing a title, trimmed and case-folded", () => {
    const verdict = duplicateTitles.run(view([audited("/a", { title: "Shoes" }), audited("/b", { title: " SHOES " }), audited("/c", { title: "Hats" })]));
    expect(verdict).toEqual({ passed: false, applicable: true, count: 1, examples: [{ value: "Shoes", urls: [u("/a"), u("/b")] }] });
  });
  it("passes when titles differ, and counts URLs redirecting to one page as that page", () => {
    const redirected = audited("/old", { title: "Shoes", url: u("/a"), redirects: 1 });
    expect(duplicateTitles.run(view([audited("/a", { title: "Shoes" }), redirected, audited("/c", { title: "Hats" })])).passed).toBe(true);
  });
  it("leaves out non-2xx pages and does not apply to fewer than 2 pages", () => {
    expect(duplicateTitles.run(view([audited("/a", { title: "X" }), audited("/b", { title: "X", status: 404 })])).applicable).toBe(false);
    expect(duplicateTitles.run(view([audited("/a", { title: "X" })]))).toMatchObject({ passed: true, applicable: false });
  });
});
