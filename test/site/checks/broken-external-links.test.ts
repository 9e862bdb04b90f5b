import { describe, expect, it } from "vitest";
import { brokenExternalLinks } from "../../../src/site/checks/broken-external-links";
import { siteChecks } from "../../../src/site/checks/index";
import { audited, u, view } from "../../helpers/site-view";

const ext = (path: string) => `https://elsewhere.example${path}`;

describe("broken_external_links", () => {
  it("fails with external targets answering 4xx/5xx, or whose host does not resolve, with the pages linking to them", () => {
    const pages = [audited("/", { external: [ext("/gone"), ext("/ok"), "https://no-such-host.example/"] }), audited("/a", { external: [ext("/gone")] })];
    const links = new Map([
      [ext("/gone"), { status: 410, error: null }],
      [ext("/ok"), { status: 200, error: null }],
      ["https://no-such-host.example/", { status: null, error: "dns_error" }],
    ]);
    expect(brokenExternalLinks.run(view(pages, { links }))).toEqual({
      passed: false,
      applicable: true,
      count: 2,
      examples: [
        { url: ext("/gone"), status: 410, linked_from: [u("/"), u("/a")] },
        { url: "https://no-such-host.example/", status: null, error: "dns_error", linked_from: [u("/")] },
      ],
      value: { checked: 3, not_checked: 0 },
    });
  });

  it("counts targets without an answer (past the bounds, blocked by the URL guard, timed out) as not checked: partly checked", () => {
    const pages = [audited("/", { external: [ext("/a"), ext("/b"), "http://10.0.0.1/"] })];
    const links = new Map([
      [ext("/a"), { status: 200, error: null }],
      ["http://10.0.0.1/", { status: null, error: "blocked_url" }],
    ]);
    expect(brokenExternalLinks.run(view(pages, { links }))).toEqual({
      passed: true,
      applicable: true,
      count: 0,
      examples: [],
      value: { checked: 1, not_checked: 2 },
      partly_checked: true,
    });
  });

  it("passes plainly for a site without external links, and is a low-importance check of the registry", () => {
    expect(brokenExternalLinks.run(view([audited("/")]))).toEqual({ passed: true, applicable: true, count: 0, examples: [], value: { checked: 0, not_checked: 0 } });
    expect(siteChecks.find((check) => check.id === "broken_external_links")).toMatchObject({ importance: "low" });
  });
});
