import { describe, expect, it } from "vitest";
import { doctype } from "../../../src/analysis/checks/doctype";
import { makePage } from "../../helpers/page";

describe("doctype check", () => {
  it("passes <!DOCTYPE html> at the start, in any case", () => {
    expect(doctype.run(makePage("<!DOCTYPE html><html></html>"))).toEqual({ passed: true, value: "<!DOCTYPE html>" });
    expect(doctype.run(makePage("<!doctype HTML>\n<html></html>")).passed).toBe(true);
  });

  it("passes after a BOM, whitespace, comments and an XML declaration", () => {
    const v = doctype.run(makePage('\uFEFF \n<?xml version="1.0"?><!-- built 2024 --> <!DOCTYPE html><html></html>'));
    expect(v).toEqual({ passed: true, value: "<!DOCTYPE html>" });
  });

  it("passes a legacy HTML 4 DOCTYPE", () => {
    const legacy = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">';
    expect(doctype.run(makePage(`${legacy}<html></html>`))).toEqual({ passed: true, value: legacy });
  });

  it("fails a document without a DOCTYPE", () => {
    expect(doctype.run(makePage("<html><body>x</body></html>"))).toEqual({ passed: false, value: null, errors: { missing: true } });
  });

  it("fails a DOCTYPE that comes after content", () => {
    const v = doctype.run(makePage("<p>hi</p><!DOCTYPE html><html></html>"));
    expect(v).toEqual({ passed: false, value: null, errors: { not_at_start: true } });
  });

  it("fails a DOCTYPE that does not name html", () => {
    const v = doctype.run(makePage("<!DOCTYPE><html></html>"));
    expect(v).toEqual({ passed: false, value: "<!DOCTYPE>", errors: { not_html: "<!DOCTYPE>" } });
  });
});
