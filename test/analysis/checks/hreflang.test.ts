import { describe, expect, it } from "vitest";
import { hreflang } from "../../../src/analysis/checks/hreflang";
import { makePage } from "../../helpers/page";

const alt = (lang: string, href: string) => `<link rel="alternate" hreflang="${lang}" href="${href}">`;

describe("hreflang check", () => {
  it("passes valid codes, x-default and absolute hrefs", () => {
    const html = `<head>${alt("en", "https://e.com/")}${alt("pt-BR", "https://e.com/br")}${alt("zh-Hant", "https://e.com/tw")}${alt("X-Default", "https://e.com/")}</head>`;
    expect(hreflang.run(makePage(html))).toEqual({ passed: true, value: { alternates: ["en", "pt-BR", "zh-Hant", "X-Default"] } });
  });

  it("fails invalid language codes and relative hrefs", () => {
    const html = `<head>${alt("en_US", "https://e.com/us")}${alt("english", "https://e.com/en")}${alt("de", "/de")}</head>`;
    expect(hreflang.run(makePage(html))).toEqual({
      passed: false,
      value: { alternates: ["en_US", "english", "de"] },
      errors: { invalid_language: ["en_US", "english"], relative_href: ["/de"] },
    });
  });

  it("reads alternates from the Link header too", () => {
    const v = hreflang.run(makePage("<p>x</p>", { headers: { link: '</fr>; rel="alternate"; hreflang="fr", <https://e.com/>; rel=canonical' } }));
    expect(v.errors).toEqual({ relative_href: ["/fr"] });
  });

  it("is not applicable without hreflang links, and ignores ones in the body", () => {
    const v = hreflang.run(makePage(`<head><link rel="alternate" href="/feed.xml"></head><body><p>x</p>${alt("bad_code", "/x")}</body>`));
    expect(v).toEqual({ passed: true, value: "no hreflang links", applicable: false });
  });

  it("does not read alternates after an element that ended the head", () => {
    const html = '<html><head><img src="/p.gif"><link rel="alternate" hreflang="zz-bad!" href="/de"></head><body></body></html>';
    expect(hreflang.run(makePage(html)).applicable).toBe(false);
  });
});
