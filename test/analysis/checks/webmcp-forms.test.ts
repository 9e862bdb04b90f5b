import { describe, expect, it } from "vitest";
import { webmcpForms } from "../../../src/analysis/checks/webmcp-forms";
import { makePage } from "../../helpers/page";

const run = (body: string) => webmcpForms.run(makePage(`<!doctype html><html><body>${body}</body></html>`));

describe("webmcp_forms (Lighthouse 13.5's webmcp-form-coverage)", () => {
  it("lists forms with neither toolname nor tooldescription, and never fails", () => {
    const verdict = run(
      '<form action="/search" toolname="search"></form><form tooldescription="Sign up"></form><form id="contact" action="/contact"></form><form toolname="" tooldescription=""></form>',
    );
    expect(verdict).toEqual({ passed: true, value: { forms: 4, without_annotations: 2, listed: ['<form id="contact" action="/contact">', '<form toolname="" tooldescription="">'] } });
  });

  it("passes a page whose forms are all annotated, and is not applicable without forms", () => {
    expect(run('<form toolname="a" tooldescription="b"></form>')).toEqual({ passed: true, value: { forms: 1, without_annotations: 0, listed: [] } });
    expect(run("<p>No form.</p>")).toMatchObject({ passed: true, applicable: false, value: { forms: 0 } });
  });
});
