import { describe, expect, it } from "vitest";
import { unsafeCrossOriginLinks } from "../../../src/analysis/checks/unsafe-cross-origin-links";
import { makePage } from "../../helpers/page";

const run = (html: string) => unsafeCrossOriginLinks.run(makePage(html, { url: "https://example.com/page" }));

describe("unsafe_cross_origin_links check", () => {
  it("passes external new-tab links with noopener or noreferrer", () => {
    const v = run('<a href="https://other.test/" target="_blank" rel="noopener">a</a><a href="//cdn.test/x" target="_BLANK" rel="external NoReferrer">b</a>');
    expect(v).toEqual({ passed: true, value: { external_new_tab_links: 2, unsafe: 0 } });
  });

  it("ignores same-origin, same-tab and non-web links", () => {
    const v = run('<a href="/a" target="_blank">a</a><a href="https://example.com/b" target="_blank">b</a><a href="https://other.test/">c</a><a href="mailto:x@y.test" target="_blank">d</a>');
    expect(v).toEqual({ passed: true, value: { external_new_tab_links: 0, unsafe: 0 } });
  });

  it("fails an external target=_blank link without noopener or noreferrer", () => {
    const v = run('<a href="http://example.com/" target="_blank">other scheme</a><a href="https://other.test/x" target="_blank" rel="nofollow">b</a>');
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ external_new_tab_links: 2, unsafe: 2 });
    expect(v.errors).toEqual({ missing_noopener: ["http://example.com/", "https://other.test/x"] });
  });
});
