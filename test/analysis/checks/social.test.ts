import { describe, expect, it } from "vitest";
import { social } from "../../../src/analysis/checks/social";
import { makePage } from "../../helpers/page";

const links = (...hrefs: string[]) => hrefs.map((h) => `<a href="${h}">link</a>`).join("");

describe("social check", () => {
  it("passes profile links and lists each network once", () => {
    const html = links(
      "https://twitter.com/example",
      "https://www.x.com/example",
      "https://m.facebook.com/example.page",
      "https://www.instagram.com/example/",
      "https://www.youtube.com/@example",
      "https://www.linkedin.com/company/example",
      "https://www.tiktok.com/@example",
    );
    expect(social.run(makePage(html))).toEqual({
      passed: true,
      value: ["x", "facebook", "instagram", "youtube", "linkedin", "tiktok"],
    });
  });

  it("fails home pages and share or intent links", () => {
    const html = links(
      "https://twitter.com/",
      "https://www.facebook.com",
      "https://twitter.com/intent/tweet?text=hi",
      "https://x.com/share?url=https://example.com",
      "https://www.facebook.com/sharer/sharer.php?u=https://example.com",
      "https://www.linkedin.com/sharing/share-offsite/?url=https://example.com",
      "https://www.linkedin.com/shareArticle?mini=true",
    );
    expect(social.run(makePage(html))).toEqual({ passed: false, value: [], errors: { missing: true } });
  });

  it("fails look-alike hosts and links without an href", () => {
    const html = links("https://notfacebook.com/example", "https://facebook.com.evil.test/example", "/twitter.com/example") + "<a>x</a>";
    expect(social.run(makePage(html)).passed).toBe(false);
  });
});
