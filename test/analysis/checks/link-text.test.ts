import { describe, expect, it } from "vitest";
import { linkText } from "../../../src/analysis/checks/link-text";
import { makePage } from "../../helpers/page";

const run = (html: string) => linkText.run(makePage(html, { url: "https://example.com/page" }));

describe("link_text check", () => {
  it("passes descriptive link texts", () => {
    expect(run('<a href="/shoes">Red leather shoes</a><a href="/about">About Acme</a>')).toEqual({
      passed: true,
      value: { links: 2, non_descriptive: 0 },
    });
  });

  it('fails "click here" and "Read More", trimmed and lower-cased', () => {
    expect(run('<a href="/a"> Click   here </a><a href="https://other.com/b">Read More</a><a href="/c">Shoes</a>')).toEqual({
      passed: false,
      value: { links: 3, non_descriptive: 2 },
      errors: {
        non_descriptive: [
          { href: "https://example.com/a", text: "Click here" },
          { href: "https://other.com/b", text: "Read More" },
        ],
      },
    });
  });

  it("fails phrases of the other languages of Lighthouse's list", () => {
    expect(run('<a href="/a">Más información</a>').passed).toBe(false);
    expect(run('<a href="/a">続きを読む</a>').passed).toBe(false);
    expect(run('<a href="/a">اینجا کلیک کنید</a>').passed).toBe(false);
    expect(run('<a href="/a">Läs mer</a>').passed).toBe(false);
  });

  it("uses only the list of the link's declared language, as Lighthouse does", () => {
    expect(run('<html lang="en"><body><a href="/a">mas</a></body></html>').passed).toBe(true);
    expect(run('<html lang="es-MX"><body><a href="/a">mas</a></body></html>').passed).toBe(false);
    expect(run('<html lang="fr"><body><a href="/a">here</a></body></html>').passed).toBe(true);
  });

  it("has Lighthouse 13.5's German list", () => {
    expect(run('<html lang="de"><body><a href="/a">Hier klicken</a></body></html>').passed).toBe(false);
    expect(run('<html lang="de"><body><a href="/a">click here</a></body></html>').passed).toBe(true);
    expect(run('<a href="/a">weiterlesen</a>').passed).toBe(false); // no language: every list
  });

  it("takes the language of the link's inner text first, then its nearest lang (Lighthouse 13.5's order)", () => {
    expect(run('<html lang="en"><body><p lang="de"><a href="/a">hier</a></p></body></html>').passed).toBe(false);
    expect(run('<html lang="fr"><body><p lang="fr"><a href="/a"><span lang="en">click here</span></a></p></body></html>').passed).toBe(false);
    // Mixed inner languages: none known, so every list applies.
    expect(run('<html lang="fr"><body><p lang="fr"><a href="/a"><span lang="de">mehr</span><span lang="en"> </span></a></p></body></html>').passed).toBe(false);
    // An inner element whose only text is a zero-width space still sets the language.
    expect(run('<html lang="en"><body><p lang="en"><a href="/a">here<span lang="de">\u200B</span></a></p></body></html>').passed).toBe(true);
  });

  it("reads the lang value as written, as Lighthouse does: EN matches no list", () => {
    expect(run('<html lang="EN-US"><body><a href="/a">click here</a></body></html>').passed).toBe(true);
    expect(run('<html lang=""><body><a href="/a">click here</a></body></html>').passed).toBe(false);
  });

  it("ignores links that do not lead elsewhere or are nofollow", () => {
    const v = run(
      '<a href="javascript:go()">here</a><a href="mailto:a@b.c">here</a><a href="#top">more</a>' +
        '<a href="https://example.com/page#x">more</a><a href="/a" rel="nofollow">here</a><a>here</a>',
    );
    expect(v).toEqual({ passed: true, value: { links: 5, non_descriptive: 0 } });
  });
});
