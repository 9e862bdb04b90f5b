import { describe, expect, it } from "vitest";
import { progressReporter } from "../../src/cli/progress";

const page = (url: string, outcome: unknown, state = "audited") => ({ url, state, outcome }) as never;

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
}

describe("progressReporter", () => {
  it("writes a line per page off a terminal, with the score, the failure or the robots.txt block", () => {
    const err = stream(false);
    const progress = progressReporter(err);
    progress.page(page("https://a.example/", { ok: true, score: 91 }), 1, 3);
    progress.page(page("https://a.example/x", { ok: false, code: "timeout" }, "failed"), 2, 3);
    progress.page(page("https://a.example/private", null, "blocked"), 3, 3);
    progress.done();
    expect(err.written).toEqual([
      "[1/3] https://a.example/ 91/100\n",
      "[2/3] https://a.example/x failed (timeout)\n",
      "[3/3] https://a.example/private blocked by robots.txt\n",
    ]);
  });

  it("rewrites one line in place on a terminal, clears it at the end, and lets no control character through", () => {
    const err = stream(true);
    const progress = progressReporter(err);
    progress.page(page("https://a.example/\u001b[31mred", { ok: true, score: 50 }), 1, 1);
    progress.done();
    expect(err.written).toHaveLength(2);
    expect(err.written[0]).toMatch(/^\r\x1b\[2K\[1\/1\] https:\/\/a\.example\/.*50\/100$/);
    expect(err.written[0]!.slice(5)).not.toContain("\u001b");
    expect(err.written[1]).toBe("\r\x1b[2K");
  });

  it("clears nothing on a terminal when no page was written", () => {
    const err = stream(true);
    progressReporter(err).done();
    expect(err.written).toEqual([]);
  });
});
