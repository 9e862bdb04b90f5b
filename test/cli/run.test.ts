import { describe, expect, inject, it } from "vitest";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const page = `${origin}/fixtures/sample-page.html`;

/** One line on stderr, no stack trace. */
function expectOneLineError(stderr: string) {
  expect(stderr.trim().split("\n"), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^pagegrade: /);
  expect(stderr).not.toMatch(/\n\s+at |Error:/);
}

describe("pagegrade audit exit codes", () => {
  it("exits 0 when every page meets the budget", async () => {
    const run = await runCli(["audit", page, page, "--allow-private", "--min-score", "0"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("2 pages: 2 meet the budget, 0 do not.");
  });

  it("exits 0 with no budget at all: the audit is then informational", async () => {
    const run = await runCli(["audit", page, "--allow-private"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+\/100 (good|decent|bad)/);
  });

  it("exits 1 when a page scores below --min-score", async () => {
    const run = await runCli(["audit", page, "--allow-private", "--min-score", "100"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/FAIL: score \d+ is below 100/);
  });

  it("exits 1 with --fail-on high when a high check fails (a local page is never served over https)", async () => {
    const run = await runCli(["audit", page, "--allow-private", "--fail-on", "high"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/failed checks? of importance high/);
    expect(run.stdout).toMatch(/high\s+https: /);
  });

  it.each([
    [["audit", page, "--colour"], /Unknown option '--colour'/],
    [["audit", "not a url"], /"not a url" is not a URL/],
    [["audit", "ftp://example.com/"], /not an http or https URL/],
    [["audit", page, "--format", "xml"], /--format must be one of text, json, junit, markdown, not "xml"/],
    [["audit", page, "--min-score", "abc"], /--min-score must be a whole number from 0 to 100/],
    [["audit", page, "--min-score", "101"], /--min-score must be a whole number from 0 to 100/],
    [["audit", page, "--concurrency", "0"], /--concurrency must be a whole number from 1 to 32/],
    [["audit", page, "--fail-on", "critical"], /--fail-on must be one of high, medium, low/],
    [["audit", page, "--min-score"], /argument missing/],
    [["audit"], /at least one URL/],
    [["inspect", page], /Unknown command "inspect"/],
    [[], /Missing command/],
  ])("exits 2 on a usage error: %j", async (args, message) => {
    const run = await runCli(args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expectOneLineError(run.stderr);
  });

  it("exits 2 with one line naming a malformed var of the environment, and audits nothing", async () => {
    const run = await runCli(["audit", page, "--allow-private"], { env: { FETCH_TIMEOUT_MS: "abc" } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe('pagegrade: Invalid configuration: FETCH_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 60000 (got "abc")\n');
    expectOneLineError(run.stderr);
  });

  it("exits 3 with one line when a page times out", async () => {
    const run = await runCli(["audit", `${origin}/hostile/hang`, "--allow-private"], { env: { FETCH_TIMEOUT_MS: "1000" } });
    expect(run.code).toBe(3);
    expectOneLineError(run.stderr);
    expect(run.stderr).toContain("/hostile/hang");
    expect(run.stderr).toContain("(timeout)");
  });

  it("exits 3 when one of several pages cannot be analysed, and still reports the others", async () => {
    const run = await runCli(["audit", page, `${origin}/hostile/hang`, "--allow-private", "--format", "json"], { env: { FETCH_TIMEOUT_MS: "1000" } });
    expect(run.code).toBe(3);
    const body = JSON.parse(run.stdout);
    expect(body.data.map((report: { status: string }) => report.status)).toEqual(["completed", "failed"]);
    expect(body.data[1].error.code).toBe("timeout");
    expect(body.passed).toBe(false);
  });

  it("refuses a private address without --allow-private (exit 3, blocked_url)", async () => {
    const run = await runCli(["audit", page]);
    expect(run.code).toBe(3);
    expectOneLineError(run.stderr);
    expect(run.stderr).toContain("(blocked_url)");
  });

  it("prints help and the version with exit 0", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: pagegrade audit <url...>");
    const version = await runCli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
