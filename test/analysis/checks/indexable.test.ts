import { describe, expect, it } from "vitest";
import { headerBlocks, indexable } from "../../../src/analysis/checks/indexable";
import { makePage } from "../../helpers/page";

describe("indexable check", () => {
  it("passes a page with no blocking directive", () => {
    const v = indexable.run(makePage('<meta name="robots" content="index, follow">', { headers: { "X-Robots-Tag": "noarchive" } }));
    expect(v).toEqual({ passed: true, value: { meta: ["robots: index, follow"], x_robots_tag: "noarchive" } });
  });

  it("fails noindex or none in meta robots or googlebot, case-insensitively", () => {
    const v = indexable.run(makePage('<meta name="ROBOTS" content="NoIndex, follow"><meta name="googlebot" content="none">'));
    expect(v).toEqual({
      passed: false,
      value: { meta: ["robots: NoIndex, follow", "googlebot: none"], x_robots_tag: null },
      errors: {
        noindex: [
          { source: "meta robots", directives: ["noindex"] },
          { source: "meta googlebot", directives: ["none"] },
        ],
      },
    });
  });

  it("fails noindex in the X-Robots-Tag header, with or without a googlebot prefix", () => {
    const plain = indexable.run(makePage("<p>x</p>", { headers: { "x-robots-tag": "noindex" } }));
    expect(plain.errors).toEqual({ noindex: [{ source: "x-robots-tag", directives: ["noindex"] }] });
    const prefixed = indexable.run(makePage("<p>x</p>", { headers: { "x-robots-tag": "GoogleBot: NoIndex" } }));
    expect(prefixed.passed).toBe(false);
  });

  it("ignores directives scoped to other crawlers and to other meta names", () => {
    expect(indexable.run(makePage('<meta name="bingbot" content="noindex">', { headers: { "x-robots-tag": "otherbot: noindex, nofollow" } })).passed).toBe(true);
    expect(headerBlocks("otherbot: noindex, googlebot: none")).toEqual(["none"]);
    expect(headerBlocks("unavailable_after: 2020-01-01, max-snippet: 20")).toEqual([]);
  });

  it("ignores a noindex meta after the head ended early, as Lighthouse's is-crawlable does", () => {
    const html = '<!doctype html><html><head><title>Shoes</title><iframe src="https://tags.example/ns"></iframe><meta name="robots" content="noindex"></head><body><h1>Shoes</h1></body></html>';
    expect(indexable.run(makePage(html)).passed).toBe(true);
    expect(indexable.run(makePage('<html><head><meta name="robots" content="noindex"></head><body><template><meta name="robots" content="noindex"></template></body></html>')).passed).toBe(false);
  });
});
