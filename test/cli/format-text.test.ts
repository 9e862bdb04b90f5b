import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { servesNastyPage } from "./nasty-page";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;

const nastyUrl = servesNastyPage();

describe("--format text, --output and colour", () => {
  it("lists failed checks by importance with title and fix", async () => {
    const run = await runCli(["audit", sample, "--allow-private"]);
    const importances = [...run.stdout.matchAll(/^ {2}(high|medium|low)\s/gm)].map((m) => m[1]);
    expect(importances.length).toBeGreaterThan(0);
    const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    expect(importances.map((i) => rank[i!])).toEqual([...importances.map((i) => rank[i!]!)].sort());
    expect(run.stdout).toContain("fix: Serve the site over HTTPS");
  });

  it("--output writes the format to the file and one line per page to stdout", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pagegrade-cli-")), "summary.md");
    const run = await runCli(["audit", sample, "--allow-private", "--format", "markdown", "--output", file]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("| Page | Score |");
    expect(run.stdout).toContain(sample);
    expect(run.stdout).not.toContain("fix:");
  });

  it("--output into a missing directory is a one-line error, exit 2", async () => {
    const run = await runCli(["audit", sample, "--allow-private", "--output", "/nonexistent-dir/x.xml"]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("cannot write /nonexistent-dir/x.xml");
  });

  it("keeps the order of the URLs whatever the concurrency", async () => {
    const urls = [`${origin}/fixtures/known-page.html`, sample, `${origin}/fixtures/known-page.html?x=1`];
    const run = await runCli(["audit", ...urls, "--allow-private", "--format", "json", "--concurrency", "3"]);
    expect(JSON.parse(run.stdout).data.map((r: { url: string }) => r.url)).toEqual(urls);
  });

  it("never lets page text reach the terminal as control characters", async () => {
    const run = await runCli(["audit", nastyUrl(), "--allow-private"]);
    expect(run.stdout).toContain("too long");
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it("has no colour when stdout is not a terminal", async () => {
    const run = await runCli(["audit", sample, "--allow-private"]);
    expect(run.stdout).not.toContain("\u001b[");
  });
});
