import { describe, expect, it } from "vitest";
import { ROBOTS_DISALLOWED } from "../../src/site/checks/link-targets";
import { planLinkChecks, planLinkChecksOver } from "../../src/site/link-plan";
import { batchesOf, ext as elsewhere, planted } from "../helpers/planted-site";
import { audited, blocked, u } from "../helpers/site-view";

const ext = (host: string, path: string) => `https://${host}${path}`;
const allowAll = () => true;

describe("planLinkChecks", () => {
  it("plans every internal target no audited page answers for, most linked first; audited targets (asked or final URL) are not planned", () => {
    const pages = [
      audited("/", { links: [u("/once"), u("/twice"), u("/a"), u("/moved"), u("/private/x")] }),
      audited("/a", { links: [u("/twice"), u("/")] }),
      audited("/old", { url: u("/moved") }),
      blocked("/private/x"),
    ];
    const disallowPrivate = (url: string) => !url.includes("/private/");
    expect(planLinkChecks({ pages }, disallowPrivate, { limit: 10, perHost: 10 })).toEqual([
      { url: u("/twice"), kind: "internal", answer: null },
      { url: u("/once"), kind: "internal", answer: null },
      // Disallowed: answered at once, never fetched.
      { url: u("/private/x"), kind: "internal", answer: { status: null, error: ROBOTS_DISALLOWED } },
    ]);
  });

  it("keeps at most `limit` targets of each kind and `perHost` external ones per host, the most linked", () => {
    const pages = [
      audited("/", {
        links: [u("/1"), u("/2"), u("/3")],
        external: [ext("x.example", "/1"), ext("x.example", "/2"), ext("x.example", "/3"), ext("y.example", "/1")],
      }),
      audited("/b", { links: [u("/3")], external: [ext("x.example", "/3")] }),
    ];
    const plan = planLinkChecks({ pages }, allowAll, { limit: 2, perHost: 2 });
    expect(plan.map((link) => [link.kind, link.url])).toEqual([
      ["internal", u("/3")],
      ["internal", u("/1")],
      ["external", ext("x.example", "/3")],
      ["external", ext("x.example", "/1")],
    ]);
  });

  it("plans nothing for a site whose every link target was audited", () => {
    expect(planLinkChecks({ pages: [audited("/", { links: [u("/")] })] }, allowAll, { limit: 10, perHost: 10 })).toEqual([]);
  });
});

describe("the link plan over batches", () => {
  it("plans the same targets in the same order for any batch size, reading the pages three times", async () => {
    const allowed = (url: string) => !url.includes("/private/");
    const bounds = { limit: 2, perHost: 1 };
    const whole = planLinkChecks({ pages: planted }, allowed, bounds);
    expect(whole.map((link) => link.url)).toEqual([u("/gone"), u("/unaudited"), elsewhere("/dead")]);
    for (const size of [1, 4]) {
      const read = batchesOf(planted, size);
      expect(await planLinkChecksOver(read.batches, allowed, bounds)).toEqual(whole);
      expect(read.reads()).toBe(3);
    }
  });
});
