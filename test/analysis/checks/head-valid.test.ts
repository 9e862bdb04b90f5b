import { describe, expect, it } from "vitest";
import { headValid } from "../../../src/analysis/checks/head-valid";
import { makePage } from "../../helpers/page";

const run = (html: string) => headValid.run(makePage(html));
const metadata =
  '<meta name="description" content="Shoes"><link rel="canonical" href="https://example.com/page">' +
  '<meta property="og:title" content="x"><meta charset="utf-8"><link rel="alternate" hreflang="de" href="https://example.com/de">';

describe("head_valid check", () => {
  it("passes a head of metadata, scripts, styles, noscript and templates", () => {
    const html = `<!doctype html><html><head><title>T</title><script></script><noscript><img src=p></noscript><template><div></div></template>${metadata}</head><body><div>x</div></body></html>`;
    expect(run(html)).toEqual({ passed: true, value: null });
  });

  it("passes metadata after </head> and before <body>, and a page with no <head> tag", () => {
    expect(run(`<html><head><title>T</title></head>${metadata}<body><img src=x></body></html>`).passed).toBe(true);
    expect(run(`<!doctype html><title>T</title>${metadata}<h1>x</h1>`).passed).toBe(true);
  });

  it("fails an iframe in the head, naming it, its line and the metadata it hid", () => {
    const html = `<!doctype html>\n<html>\n<head>\n<title>T</title>\n<iframe src="https://tags.example/ns"></iframe>\n${metadata}\n</head>\n<body></body></html>`;
    expect(run(html)).toEqual({
      passed: false,
      value: { element: "iframe", line: 5 },
      errors: { hidden: ["meta name=description", "link rel=canonical", "meta property=og:title", "meta charset", "link rel=alternate"] },
    });
  });

  it("fails an element that hides nothing, with an empty hidden list", () => {
    expect(run("<html><head><title>T</title><div>x</div></head><body></body></html>")).toEqual({
      passed: false,
      value: { element: "div", line: 1 },
      errors: { hidden: [] },
    });
  });

  it("fails non-blank text in the head, spelling out invisible characters", () => {
    expect(run(`<head>\n<title>T</title>\n\u00a0\n${metadata}</head>`)).toMatchObject({
      passed: false,
      value: { element: "text", text: "\\u00A0\n", line: 3 },
    });
  });

  it("fails text before the doctype when it turns the source head's metadata into body content", () => {
    expect(run(`Warning: x\n<!doctype html><html><head><title>T</title>${metadata}</head><body></body></html>`)).toMatchObject({
      passed: false,
      value: { element: "text", text: "Warning: x\n", line: 1 },
      errors: { hidden: ["meta name=description", "link rel=canonical", "meta property=og:title", "meta charset", "link rel=alternate"] },
    });
  });

  it("passes text after </head> that hides no head metadata (the body just starts early)", () => {
    expect(run("<html><head><title>T</title></head>x<body></body></html>").passed).toBe(true);
  });
});
