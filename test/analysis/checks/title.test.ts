import { describe, expect, it } from "vitest";
import { title } from "../../../src/analysis/checks/title";
import { makePage } from "../../helpers/page";

describe("title check", () => {
  it("passes one title of 10-60 characters", () => {
    const v = title.run(makePage("<html><head><title>  A fine page title </title></head></html>"));
    expect(v).toEqual({ passed: true, value: "A fine page title" });
  });

  it("fails a missing title", () => {
    const v = title.run(makePage("<html><head></head><body>x</body></html>"));
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ missing: true });
  });

  it("fails two titles and a short one", () => {
    expect(title.run(makePage("<title>Long enough title</title><title>Another one here</title>")).errors).toEqual({ too_many: 2 });
    expect(title.run(makePage("<title>Short</title>")).errors).toEqual({ too_short: { length: 5, min: 10 } });
  });

  it("counts characters, not UTF-16 units", () => {
    expect(title.run(makePage(`<title>${"🌱".repeat(10)}</title>`)).passed).toBe(true);
  });

  it("fails a title over the configured maximum", () => {
    const v = title.run(makePage(`<title>${"a".repeat(30)}</title>`, { settings: { titleMaxLength: 20 } }));
    expect(v.errors).toEqual({ too_long: { length: 30, max: 20 } });
  });
});
