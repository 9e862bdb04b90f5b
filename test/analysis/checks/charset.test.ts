import { describe, expect, it } from "vitest";
import { charset } from "../../../src/analysis/checks/charset";
import { makePage } from "../../helpers/page";

const noHeaderCharset = { headers: { "content-type": "text/html" } };

describe("charset check", () => {
  it("passes <meta charset>", () => {
    expect(charset.run(makePage('<meta charset="UTF-8">', noHeaderCharset))).toEqual({
      passed: true,
      value: [{ source: "meta_charset", charset: "UTF-8" }],
    });
  });

  it("passes <meta http-equiv=Content-Type> with a charset", () => {
    const html = '<meta http-equiv="content-type" content="text/html; charset=iso-8859-1">';
    expect(charset.run(makePage(html, noHeaderCharset))).toEqual({
      passed: true,
      value: [{ source: "meta_http_equiv", charset: "iso-8859-1" }],
    });
  });

  it("passes a charset in the Content-Type header", () => {
    expect(charset.run(makePage("<p>x</p>", { headers: { "content-type": 'text/html; Charset="utf-8"' } }))).toEqual({
      passed: true,
      value: [{ source: "header", charset: "utf-8" }],
    });
  });

  it("fails when neither the HTML nor the header declares one", () => {
    const html = '<meta http-equiv="Content-Type" content="text/html"><meta charset="">';
    expect(charset.run(makePage(html, noHeaderCharset))).toEqual({ passed: false, value: [], errors: { missing: true } });
  });
});
