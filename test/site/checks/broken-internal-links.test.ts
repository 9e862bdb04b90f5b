import { describe, expect, it } from "vitest";
import { brokenInternalLinks } from "../../../src/site/checks/broken-internal-links";
import { audited, u, view } from "../../helpers/site-view";

describe("broken_internal_links", () => {
  it("fails with audited 4xx/5xx targets and the pages linking to them; counts targets not audited", () => {
    const pages = [audited("/", { links: [u("/gone"), u("/ok"), u("/never")] }), audited("/ok", { links: [u("/gone")] }), audited("/gone", { status: 404 })];
    expect(brokenInternalLinks.run(view(pages))).toEqual({
      passed: false,
      applicable: true,
      count: 1,
      examples: [{ url: u("/gone"), status: 404, linked_from: [u("/"), u("/ok")] }],
      value: { not_audited_targets: 1 },
    });
  });
  it("passes when every audited target answered below 400", () => {
    expect(brokenInternalLinks.run(view([audited("/", { links: [u("/ok")] }), audited("/ok")])).passed).toBe(true);
  });
});
