import { describe, expect, it } from "vitest";
import { openGraph } from "../../../src/analysis/checks/open-graph";
import { makePage } from "../../helpers/page";

const og = (key: string, content: string, attribute = "property") => `<meta ${attribute}="${key}" content="${content}">`;

describe("open_graph check", () => {
  it("passes the four tags, accepting name= as well as property=", () => {
    const html = og("og:title", "Title") + og("og:description", "About") + og("OG:Image", "https://example.com/i.png", "name") + og("og:url", "https://example.com/");
    expect(openGraph.run(makePage(html))).toEqual({
      passed: true,
      value: { "og:title": "Title", "og:description": "About", "og:image": "https://example.com/i.png", "og:url": "https://example.com/" },
    });
  });

  it("fails missing and empty tags, listing them", () => {
    const html = og("og:title", "Title") + og("og:image", "  ");
    expect(openGraph.run(makePage(html))).toEqual({
      passed: false,
      value: { "og:title": "Title", "og:description": null, "og:image": null, "og:url": null },
      errors: { missing: ["og:description", "og:image", "og:url"] },
    });
  });
});
