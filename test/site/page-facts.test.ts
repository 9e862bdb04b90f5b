import { describe, expect, it } from "vitest";
import { MAX_EXTERNAL_LINKS_KEPT, pageFactsOf } from "../../src/site/page-facts";
import { makePage } from "../helpers/page";

const anchors = (hrefs: string[]) => `<!doctype html><title>t</title>${hrefs.map((href) => `<a href="${href}">x</a>`).join("")}`;

describe("pageFactsOf: link targets", () => {
  it("keeps same-host and external targets apart, normalised and deduplicated; other schemes dropped", () => {
    const page = makePage(
      anchors([
        "/a#top",
        "https://example.com/a?utm_source=x",
        "https://Other.example/path#frag",
        "https://other.example/path?utm_medium=y",
        "http://third.example/",
        "mailto:someone@example.com",
        "tel:+123",
        "javascript:void(0)",
      ]),
    );
    const facts = pageFactsOf(page);
    expect(facts.links).toEqual(["https://example.com/a"]);
    expect(facts.external).toEqual(["https://other.example/path", "http://third.example/"]);
  });

  it("keeps at most MAX_EXTERNAL_LINKS_KEPT external targets, while same-host ones go on", () => {
    const external = Array.from({ length: MAX_EXTERNAL_LINKS_KEPT + 20 }, (_, i) => `https://out.example/${i}`);
    const facts = pageFactsOf(makePage(anchors([...external, "/after"])));
    expect(facts.external).toHaveLength(MAX_EXTERNAL_LINKS_KEPT);
    expect(facts.external?.at(-1)).toBe(`https://out.example/${MAX_EXTERNAL_LINKS_KEPT - 1}`);
    expect(facts.links).toEqual(["https://example.com/after"]);
  });
});
