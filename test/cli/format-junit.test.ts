import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, inject, it } from "vitest";
import { checks } from "../../src/analysis/checks/index";
import { servesNastyPage } from "./nasty-page";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;

const nastyUrl = servesNastyPage();

describe("--format junit", () => {
  it("is well-formed XML with one testsuite per page and one testcase per check, even for a hostile title", async () => {
    const run = await runCli(["audit", sample, nastyUrl(), "--allow-private", "--format", "junit", "--fail-on", "high"]);
    expect(run.code, run.stderr).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase", "property"].includes(name) }).parse(run.stdout);
    const suites = xml.testsuites.testsuite;
    expect(suites.map((suite: { name: string }) => suite.name)).toEqual([sample, nastyUrl()]);
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
