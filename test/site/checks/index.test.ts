import { describe, expect, it } from "vitest";
import { runSiteChecks, runSiteChecksOver, startSiteChecks } from "../../../src/site/checks/index";
import { duplicateTitles } from "../../../src/site/checks/duplicate-titles";
import type { SiteView } from "../../../src/site/checks/types";
import { batchesOf, links, planted } from "../../helpers/planted-site";
import { audited, u, view } from "../../helpers/site-view";

const context = ({ pages: _, ...rest }: SiteView) => rest;

describe("the site checks over batches", () => {
  const site = view(planted, { links });

  it("give every verdict of the one-batch run for any batch size, reading the pages twice", async () => {
    const whole = runSiteChecks(site);
    expect(Object.values(whole).filter((v) => !v.passed).length).toBeGreaterThanOrEqual(13);
    for (const size of [1, 2, 3, 5, planted.length]) {
      const read = batchesOf(planted, size);
      expect(await runSiteChecksOver(read.batches, context(site)), `batches of ${size}`).toEqual(whole);
      expect(read.reads()).toBe(2);
    }
  });

  it("judge nothing before the first pass is over: a link to a later page is a link to an audited page", () => {
    const run = startSiteChecks(context(site));
    for (const page of planted) run.scan([page]);
    for (const page of planted) run.judge([page]);
    expect(run.finish().broken_internal_links).toEqual(runSiteChecks(site).broken_internal_links);
  });

  it("keep a duplicate group's value as first seen and all its URLs, however the batches cut it", async () => {
    const pages = [audited("/x", { title: "Same" }), audited("/y", { title: "other" }), audited("/z", { title: "SAME" }), audited("/w", { title: "same " })];
    const expected = { passed: false, applicable: true, count: 1, examples: [{ value: "Same", urls: [u("/w"), u("/x"), u("/z")] }] };
    expect(duplicateTitles.run(view(pages))).toEqual(expected);
    const verdict = await runSiteChecksOver(batchesOf(pages, 1).batches, context(view(pages)));
    expect(verdict.duplicate_titles).toEqual(expected);
  });
});
