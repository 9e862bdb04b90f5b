import { describe, expect, it } from "vitest";
import { redirectChains } from "../../../src/site/checks/redirect-chains";
import { audited, u, view } from "../../helpers/site-view";

describe("redirect_chains", () => {
  it("fails with URLs that took 2 or more redirects", () => {
    const pages = [audited("/one-hop", { redirects: 1, url: u("/a") }), audited("/two-hops", { redirects: 2, url: u("/a") })];
    expect(redirectChains.run(view(pages)).examples).toEqual([{ url: u("/two-hops"), redirects: 2, final_url: u("/a") }]);
  });
  it("passes with single redirects", () => {
    expect(redirectChains.run(view([audited("/one-hop", { redirects: 1 })])).passed).toBe(true);
  });
});
