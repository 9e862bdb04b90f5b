import { describe, expect, it } from "vitest";
import { emptyPageIndex, indexPages, indexed } from "../../../src/site/checks/page-index";
import { textHash } from "../../../src/analysis/text-hash";
import { planted } from "../../helpers/planted-site";
import { u } from "../../helpers/site-view";

describe("the page index", () => {
  it("finds an audited page by the URL asked for and by its final URL, and holds no blocked page", () => {
    const index = emptyPageIndex();
    indexPages(index, planted);
    expect(indexed(index, u("/old"))).toMatchObject({ status: 200, redirects: 2, finalHash: textHash(u("/moved")) });
    expect(indexed(index, u("/moved"))).toBe(indexed(index, u("/old")));
    expect(indexed(index, u("/private/x"))).toBeUndefined();
    expect(index.size).toBe(12);
  });
});
