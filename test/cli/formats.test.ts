import { XMLParser, XMLValidator } from "fast-xml-parser";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { checks } from "../../src/analysis/checks/index";
import { toReportResource } from "../../src/reports/serialize";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;

// Everything a format must escape: markup, quotes, pipes, a CDATA end, control characters, a lone surrogate.
const nastyTitle = `Tom & "Jerry's" <b>|pipes|</b> ]]> \u0001\u001b[31m \uD800 end, long enough to fail the title check`;
let nasty: Server;
let nastyUrl = "";

beforeAll(async () => {
  nasty = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><head><title>${nastyTitle}</title></head><body><h1>x</h1><img src="a.png"></body></html>`);
  });
  await new Promise<void>((resolve) => nasty.listen(0, "127.0.0.1", resolve));
  nastyUrl = `http://127.0.0.1:${(nasty.address() as AddressInfo).port}/page?a=1&b=<2>|(3)`;
});
afterAll(() => new Promise<void>((resolve) => nasty.close(() => resolve())));

// A command-line run has no account, schedule, history or queue retries: what only a stored report has.
const accountOnly = ["id", "privacy", "password", "previous_score", "schedule", "next_run_at", "page_url", "created_at", "updated_at", "attempts", "last_error", "next_attempt_at"];

describe("--format json", () => {
  it("prints one report per page in the API's report shape", async () => {
    const run = await runCli(["audit", sample, "--allow-private", "--format", "json", "--min-score", "100"]);
    expect(run.code, run.stderr).toBe(1);
    const body = JSON.parse(run.stdout);
    expect(body.budget).toEqual({ min_score: 100, fail_on: null });
    expect(body.passed).toBe(false);
    const [report] = body.data;
    // The API's resource, from the API's own serializer, minus what only a stored report has.
    const apiKeys = Object.keys(
      toReportResource(
        { id: 1, url: sample, project: "127.0.0.1", privacy: 0, passwordHash: null, createdAt: "", updatedAt: "" } as never,
        "https://pagegrade.test",
      ),
    ).filter((key) => !accountOnly.includes(key));
    expect(Object.keys(report).sort()).toEqual([...apiKeys, "budget"].sort());
    expect(report).toMatchObject({ url: sample, final_url: sample, project: "127.0.0.1", status: "completed", error: null });
    expect(report.result).toMatch(/^(good|decent|bad)$/);
    expect(Object.keys(report.results).sort()).toEqual(checks.map((check) => check.id).sort());
    for (const check of checks) expect(report.results[check.id]).toMatchObject({ category: check.category, importance: check.importance });
    const failed = Object.values(report.results as Record<string, { passed: boolean }>).filter((r) => !r.passed).length;
    expect(report.issues.high + report.issues.medium + report.issues.low).toBe(failed);
    expect(report.budget).toEqual({ passed: false, reasons: [`score ${report.score} is below 100`] });
    expect(Date.parse(report.generated_at)).not.toBeNaN();
  });
});

describe("--format junit", () => {
  it("is well-formed XML with one testsuite per page and one testcase per check, even for a hostile title", async () => {
    const run = await runCli(["audit", sample, nastyUrl, "--allow-private", "--format", "junit", "--fail-on", "high"]);
    expect(run.code, run.stderr).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase", "property"].includes(name) }).parse(run.stdout);
    const suites = xml.testsuites.testsuite;
    expect(suites.map((suite: { name: string }) => suite.name)).toEqual([sample, nastyUrl]);
    for (const suite of suites) {
      const cases = suite.testcase;
      // Every check, plus the budget's own testcase.
      expect(cases.map((c: { name: string }) => c.name).sort()).toEqual([...checks.map((check) => check.id), "budget"].sort());
      const failures = cases.filter((c: { failure?: unknown }) => c.failure !== undefined);
      expect(Number(suite.failures)).toBe(failures.length);
      expect(Number(suite.tests)).toBe(cases.length);
      const https = cases.find((c: { name: string }) => c.name === "https");
      expect(https.failure.type).toBe("high");
      expect(https.failure["#text"]).toContain("fix: Serve the site over HTTPS");
    }
    expect(Number(xml.testsuites.failures)).toBe(suites.reduce((sum: number, s: { failures: string }) => sum + Number(s.failures), 0));
    // The too-long title reached the output escaped, not dropped.
    expect(run.stdout).toContain("Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;");
    expect(run.stdout).not.toMatch(/[\u0001\u001b]/);
  });

  it("reports a page that could not be analysed as a testsuite with an error", async () => {
    const run = await runCli(["audit", `${origin}/hostile/hang`, "--allow-private", "--format", "junit"], { env: { FETCH_TIMEOUT_MS: "1000" } });
    expect(run.code).toBe(3);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    expect(run.stdout).toMatch(/<testcase name="analysis" classname="pagegrade"><error message="[^"]+" type="timeout"\/><\/testcase>/);
  });
});

describe("--format markdown", () => {
  it("prints a table row per page and the failed checks, with cells that cannot break the table", async () => {
    const run = await runCli(["audit", sample, nastyUrl, "--allow-private", "--format", "markdown", "--min-score", "100"]);
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
    const run = await runCli(["audit", nastyUrl, "--allow-private"]);
    expect(run.stdout).toContain("too long");
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it("has no colour when stdout is not a terminal", async () => {
    const run = await runCli(["audit", sample, "--allow-private"]);
    expect(run.stdout).not.toContain("\u001b[");
  });
});
