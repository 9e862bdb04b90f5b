import { describe, expect, inject, it } from "vitest";
import { servesNastyPage } from "./nasty-page";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;

const nastyUrl = servesNastyPage();

describe("--format markdown", () => {
  it("prints a table row per page and the failed checks, with cells that cannot break the table", async () => {
    const run = await runCli(["audit", sample, nastyUrl(), "--allow-private", "--format", "markdown", "--min-score", "100"]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines).toContain("| Page | Score | Result | High | Medium | Low | Budget |");
    const rows = lines.filter((line) => line.startsWith("| [http://127.0.0.1"));
    expect(rows).toHaveLength(2);
    // Seven cells each: no unescaped pipe from the URL or the reasons.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(7);
    expect(rows[1]).toContain("(<http://127.0.0.1:");
    expect(run.stdout).toContain("&lt;2&gt;");
    expect(run.stdout).toMatch(/<details><summary>\d+ failed checks?: /);
    expect(run.stdout).not.toMatch(/<b>/);
  });
});
