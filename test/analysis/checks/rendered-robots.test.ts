import { describe, expect, it } from "vitest";
import { renderedRobots } from "../../../src/analysis/checks/rendered-robots";
import { makeRenderedPage } from "../../helpers/page";

describe("rendered_robots check", () => {
  const noindex = '<meta name="robots" content="noindex, follow">';

  it("passes when script changes nothing about noindex", () => {
    expect(renderedRobots.run(makeRenderedPage("<p>x</p>", "<p>y</p>"))).toEqual({
      passed: true,
      value: { raw_noindex: false, rendered_noindex: false },
    });
    expect(renderedRobots.run(makeRenderedPage(noindex, noindex)).passed).toBe(true);
  });

  it("fails a noindex that script removes", () => {
    expect(renderedRobots.run(makeRenderedPage(noindex, '<meta name="robots" content="index">'))).toEqual({
      passed: false,
      value: { raw_noindex: true, rendered_noindex: false },
      errors: { noindex_removed_by_script: true },
    });
  });

  it("fails a noindex (or none, for googlebot) that script adds", () => {
    const v = renderedRobots.run(makeRenderedPage("<p>x</p>", '<meta name="googlebot" content="None">'));
    expect(v.errors).toEqual({ noindex_added_by_script: true });
  });
});
