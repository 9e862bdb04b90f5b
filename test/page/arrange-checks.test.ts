import { describe, expect, it } from "vitest";
import type { Check, Results } from "../../src/analysis/types";
import { checks } from "../../src/analysis/checks/index";
import { arrangeChecks } from "../../src/page/arrange-checks";

describe("arrangeChecks", () => {
  it("groups checks by category in a fixed order, failed first, then by importance, with registry titles", () => {
    const registry = [
      { id: "a", category: "seo", importance: "low", title: "A title", fix: "Fix A" },
      { id: "b", category: "seo", importance: "high", title: "B title", fix: "Fix B" },
      { id: "c", category: "security", importance: "high", title: "C title", fix: "Fix C" },
    ] as unknown as Check[];
    const results: Results = {
      c: { category: "security", importance: "high", passed: true, value: 1 },
      a: { category: "seo", importance: "low", passed: false, value: 1, errors: { x: true } },
      b: { category: "seo", importance: "high", passed: true, value: 1 },
      gone_check: { category: "seo", importance: "medium", passed: false, value: null },
    };
    const sections = arrangeChecks(results, registry);
    expect(sections.map((s) => s.category)).toEqual(["seo", "security"]);
    expect(sections[0]!.rows.map((r) => r.id)).toEqual(["gone_check", "a", "b"]);
    expect(sections[0]!.rows[0]!.title).toBe("gone check");
    expect(sections[0]!.rows[1]).toMatchObject({ title: "A title", fix: "Fix A", passed: false });
    expect(sections[0]!.passed).toBe(1);
  });

  it("shows the ai checks last, as \"AI search and agents\", with their registry titles and fixes", () => {
    const results: Results = {
      llms_txt: { category: "ai", importance: "low", passed: false, value: null, errors: { no_h1_line: true } },
      title: { category: "seo", importance: "high", passed: true, value: "x" },
      ai_crawlers: { category: "ai", importance: "medium", passed: true, value: null },
    };
    const sections = arrangeChecks(results, checks);
    expect(sections.map((s) => s.name)).toEqual(["SEO", "AI search and agents"]);
    expect(sections[1]!.rows.map((r) => r.id)).toEqual(["llms_txt", "ai_crawlers"]);
    expect(sections[1]!.rows[0]!.fix).toContain("Serve /llms.txt");
  });
});
