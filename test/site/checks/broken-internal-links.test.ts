import { describe, expect, it } from "vitest";
import { brokenInternalLinks } from "../../../src/site/checks/broken-internal-links";
import { ROBOTS_DISALLOWED } from "../../../src/site/checks/link-targets";
import { audited, blocked, u, view } from "../../helpers/site-view";

const answers = (entries: [string, number | null, string | null][]) => new Map(entries.map(([path, status, error]) => [u(path), { status, error }]));

describe("broken_internal_links", () => {
  it("fails with audited 4xx/5xx targets and the pages linking to them; a target without an answer is not checked", () => {
    const pages = [audited("/", { links: [u("/gone"), u("/ok"), u("/never")] }), audited("/ok", { links: [u("/gone")] }), audited("/gone", { status: 404 })];
    expect(brokenInternalLinks.run(view(pages))).toEqual({
      passed: false,
      applicable: true,
      count: 1,
      examples: [{ url: u("/gone"), status: 404, linked_from: [u("/"), u("/ok")] }],
      value: { checked: 2, not_checked: 1, blocked: 0 },
      partly_checked: true,
    });
  });

  it("gives every target the crawl did not audit its link check's status: PDFs, pages past the limit, failed and blocked pages", () => {
    const pages = [
      audited("/", { links: [u("/doc.pdf"), u("/past-limit"), u("/report.pdf"), u("/private/x"), u("/gone-host"), u("/busy")] }),
      audited("/a", { links: [u("/doc.pdf")] }),
      blocked("/private/x"),
    ];
    const links = answers([
      ["/doc.pdf", 404, null],
      ["/past-limit", 200, null],
      ["/report.pdf", 200, null],
      ["/private/x", null, ROBOTS_DISALLOWED],
      ["/gone-host", null, "timeout"],
      ["/busy", 429, null],
    ]);
    expect(brokenInternalLinks.run(view(pages, { links }))).toEqual({
      passed: false,
      applicable: true,
      count: 1,
      examples: [{ url: u("/doc.pdf"), status: 404, linked_from: [u("/"), u("/a")] }],
      // A timeout and a 429 say nothing of the link: not checked.
      value: { checked: 3, not_checked: 2, blocked: 1 },
      partly_checked: true,
    });
  });

  it("passes plainly when every target answered below 400 and nothing was left unchecked", () => {
    const pages = [audited("/", { links: [u("/ok"), u("/file.pdf")] }), audited("/ok")];
    expect(brokenInternalLinks.run(view(pages, { links: answers([["/file.pdf", 200, null]]) }))).toEqual({
      passed: true,
      applicable: true,
      count: 0,
      examples: [],
      value: { checked: 2, not_checked: 0, blocked: 0 },
    });
  });

  it("passes, partly checked, when a target could not be verified", () => {
    const verdict = brokenInternalLinks.run(view([audited("/", { links: [u("/unasked")] })]));
    expect(verdict).toMatchObject({ passed: true, partly_checked: true, value: { not_checked: 1 } });
  });
});
