import { describe, expect, it } from "vitest";
import { renderedCanonical } from "../../../src/analysis/checks/rendered-canonical";
import { makeRenderedPage } from "../../helpers/page";

describe("rendered_canonical check", () => {
  const canonical = (href: string) => `<link rel="canonical" href="${href}">`;

  it("passes the same canonical, compared after resolving against the page", () => {
    const v = renderedCanonical.run(makeRenderedPage(canonical("/page"), canonical("https://example.com/page")));
    expect(v).toEqual({ passed: true, value: { raw: "https://example.com/page", rendered: "https://example.com/page" } });
  });

  it("fails a canonical only in the rendered HTML", () => {
    expect(renderedCanonical.run(makeRenderedPage("<p>x</p>", canonical("/other"))).errors).toEqual({
      only_rendered: "https://example.com/other",
    });
  });

  it("fails a canonical that script changes", () => {
    expect(renderedCanonical.run(makeRenderedPage(canonical("/a"), canonical("/b"))).errors).toEqual({
      changed_by_script: { raw: "https://example.com/a", rendered: "https://example.com/b" },
    });
  });

  it("reads the head only: a canonical link in the body is not one", () => {
    expect(renderedCanonical.run(makeRenderedPage("<p>x</p>", `<body><p>x</p>${canonical("/b")}</body>`)).passed).toBe(true);
  });
});
