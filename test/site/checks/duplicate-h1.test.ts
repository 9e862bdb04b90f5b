import { describe, expect, it } from "vitest";
import { duplicateH1 } from "../../../src/site/checks/duplicate-h1";
import { audited, u, view } from "../../helpers/site-view";

describe("duplicate_h1", () => {
  it("fails with the pages sharing a first h1", () => {
    expect(duplicateH1.run(view([audited("/a", { h1: "Welcome" }), audited("/b", { h1: "Welcome" })])).examples).toEqual([
      { value: "Welcome", urls: [u("/a"), u("/b")] },
    ]);
  });
  it("passes when each h1 is its own", () => {
    expect(duplicateH1.run(view([audited("/a", { h1: "A" }), audited("/b", { h1: "B" })])).passed).toBe(true);
  });
});
