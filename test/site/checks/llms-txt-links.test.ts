import { describe, expect, it } from "vitest";
import { llmsTxtLinks } from "../../../src/site/checks/llms-txt-links";
import { audited, u, view } from "../../helpers/site-view";

describe("llms_txt_links", () => {
  it("does not apply without an llms.txt", () => {
    expect(llmsTxtLinks.run(view([audited("/a")]))).toMatchObject({ passed: true, applicable: false });
  });

  it("fails listed URLs whose audited page or discovery answer is not a plain 200", () => {
    const pages = [audited("/ok"), audited("/gone", { status: 404 }), audited("/moved", { redirects: 1, url: u("/ok") })];
    const llms = {
      listed: [u("/ok"), u("/gone"), u("/moved"), u("/probed-ok"), u("/probed-500"), u("/unreached"), u("/never-asked")],
      listedCount: 7,
      answers: [
        { url: u("/probed-ok"), status: 200, redirects: 0 },
        { url: u("/probed-500"), status: 500, redirects: 0 },
        { url: u("/unreached"), status: null, redirects: 0 },
      ],
    };
    expect(llmsTxtLinks.run(view(pages, { llms }))).toEqual({
      passed: false,
      applicable: true,
      count: 4,
      examples: [u("/gone"), u("/moved"), u("/probed-500"), u("/unreached")],
      value: { listed: 7, checked: 6, not_checked: 1 },
      partly_checked: true,
    });
  });

  it("passes when every checked URL answers 200", () => {
    const llms = { listed: [u("/ok")], listedCount: 1, answers: [] };
    expect(llmsTxtLinks.run(view([audited("/ok")], { llms }))).toMatchObject({ passed: true, count: 0, value: { listed: 1, checked: 1, not_checked: 0 } });
  });
});
