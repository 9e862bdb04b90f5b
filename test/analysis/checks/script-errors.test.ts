import { describe, expect, it } from "vitest";
import { scriptErrors } from "../../../src/analysis/checks/script-errors";
import { makeRenderedPage } from "../../helpers/page";

describe("script_errors check", () => {
  it("passes a page whose scripts logged no error", () => {
    expect(scriptErrors.run(makeRenderedPage("<p>x</p>", "<p>x</p>"))).toEqual({ passed: true, value: [] });
  });

  it("fails with the first 5 messages, control characters removed, and the count", () => {
    const errors = ["Uncaught Error: boom\n    at app.js:1", "b", "c", "d", "e", "f"];
    const v = scriptErrors.run(makeRenderedPage("<p>x</p>", "<p>x</p>", { errors }));
    expect(v).toEqual({ passed: false, value: ["Uncaught Error: boom at app.js:1", "b", "c", "d", "e"], errors: { errors: 6 } });
  });

  it("caps a long message", () => {
    const v = scriptErrors.run(makeRenderedPage("<p>x</p>", "<p>x</p>", { errors: ["x".repeat(1000)] }));
    expect((v.value as string[])[0]).toHaveLength(300);
  });
});
