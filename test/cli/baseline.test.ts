import { XMLParser, XMLValidator } from "fast-xml-parser";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const sample = `${origin}/fixtures/sample-page.html`;
const dir = mkdtempSync(join(tmpdir(), "pagegrade-baseline-"));

// A page whose content the test switches between runs: "worse" lost the description and the <h1> of "good", so two
// checks that passed fail.
const body = {
  good:
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page that changes between runs</title>' +
    '<meta name="description" content="A page the baseline tests serve in three states, to compare runs with each other.">' +
    "</head><body><h1>Changing page</h1><p>Some words on the page.</p></body></html>",
  worse:
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page that changes between runs</title>' +
    "</head><body><p>Some words on the page.</p></body></html>",
};
let state: keyof typeof body = "good";
let server: Server;
let page = "";

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(body[state]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/changing`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A --format json run of `urls` saved as a baseline file. */
async function baselineOf(name: string, urls: string[], extra: string[] = []) {
  const run = await runCli(["audit", ...urls, "--allow-private", "--format", "json", ...extra]);
  expect([0, 1], run.stderr).toContain(run.code);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, run.stdout);
  return { file, json: JSON.parse(run.stdout) };
}

describe("pagegrade audit --baseline", () => {
  it("passes the same page twice, even with a budget it fails: only what got worse counts", async () => {
    const { file } = await baselineOf("same", [sample]);
    const run = await runCli(["audit", sample, "--allow-private", "--baseline", file, "--fail-on", "high", "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const [report] = JSON.parse(run.stdout).data;
    expect(report.baseline).toEqual({ score_before: report.score, score_change: 0, new_failures: [], fixed: [], worse: [] });
    expect(report.budget).toEqual({ passed: true, reasons: [] });
    // The https check fails on both runs: failing, but not new.
    expect(report.results.https.passed).toBe(false);
  });

  it("fails a page that got worse and names each new failure, in every format", async () => {
    state = "good";
    const { file, json } = await baselineOf("changing", [page]);
    const before = json.data[0];
    expect(before.results.meta_description.passed).toBe(true);
    state = "worse";
    try {
      const asJson = await runCli(["audit", page, "--allow-private", "--baseline", file, "--format", "json"]);
      expect(asJson.code, asJson.stderr).toBe(1);
      const [report] = JSON.parse(asJson.stdout).data;
      expect(report.baseline.new_failures).toEqual(expect.arrayContaining(["meta_description", "headings"]));
      expect(report.baseline.fixed).toEqual([]);
      expect(report.baseline.score_before).toBe(before.score);
      expect(report.baseline.score_change).toBe(report.score - before.score);
      expect(report.score).toBeLessThan(before.score);
      expect(report.budget.passed).toBe(false);
      expect(report.budget.reasons).toContain("new failure: meta_description");

      const asText = await runCli(["audit", page, "--allow-private", "--baseline", file]);
      expect(asText.code).toBe(1);
      expect(asText.stdout).toMatch(/FAIL: .*new failure: meta_description/);
      // Each run is judged afresh, load_time included (a timing of this machine), so the text run's score is its own.
      const line = new RegExp(`vs baseline: score ${before.score} -> (\\d+) \\((-\\d+)\\); new failures: .*meta_description`).exec(asText.stdout);
      expect(line, asText.stdout).not.toBeNull();
      expect(Number(line![1])).toBeLessThan(before.score);
      expect(Number(line![2])).toBe(Number(line![1]) - before.score);

      const asJunit = await runCli(["audit", page, "--allow-private", "--baseline", file, "--format", "junit"]);
      expect(asJunit.code).toBe(1);
      expect(XMLValidator.validate(asJunit.stdout)).toBe(true);
      const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) }).parse(asJunit.stdout);
      const baselineCase = xml.testsuites.testsuite[0].testcase.find((c: { name: string }) => c.name === "baseline");
      expect(baselineCase.failure.type).toBe("baseline");
      expect(baselineCase.failure.message).toContain("new failure: meta_description");

      const asMarkdown = await runCli(["audit", page, "--allow-private", "--baseline", file, "--format", "markdown"]);
      expect(asMarkdown.code).toBe(1);
      expect(asMarkdown.stdout).toMatch(/\| .*new failures: .*meta\\_description.* \| ❌ worse \|/);

      // And back: the fixed checks are listed, nothing is worse.
      const { file: worseFile } = await baselineOf("worse", [page]);
      state = "good";
      const back = await runCli(["audit", page, "--allow-private", "--baseline", worseFile, "--format", "json"]);
      expect(back.code, back.stderr).toBe(0);
      expect(JSON.parse(back.stdout).data[0].baseline.fixed).toEqual(expect.arrayContaining(["meta_description", "headings"]));
    } finally {
      state = "good";
    }
  });

  it("--max-drop lets the score drop that many points and no more (a new failure still fails)", async () => {
    state = "good";
    const { file, json } = await baselineOf("drop", [page]);
    // The baseline says the page scored 5 more than it did: a drop of 5 with nothing newly failing.
    json.data[0].score += 5;
    writeFileSync(file, JSON.stringify(json));
    const within = await runCli(["audit", page, "--allow-private", "--baseline", file, "--max-drop", "5"]);
    expect(within.code, within.stdout).toBe(0);
    const beyond = await runCli(["audit", page, "--allow-private", "--baseline", file, "--max-drop", "4", "--format", "json"]);
    expect(beyond.code).toBe(1);
    expect(JSON.parse(beyond.stdout).data[0].budget.reasons).toEqual([`score dropped 5 points (${json.data[0].score} to ${json.data[0].score - 5}), more than --max-drop 4`]);
    const byDefault = await runCli(["audit", page, "--allow-private", "--baseline", file]);
    expect(byDefault.code).toBe(1);
  });

  it("judges a page missing from the baseline by the other flags", async () => {
    const { file } = await baselineOf("only-sample", [sample]);
    const run = await runCli(["audit", sample, page, "--allow-private", "--baseline", file, "--fail-on", "high", "--format", "json"]);
    expect(run.code).toBe(1);
    const [known, missing] = JSON.parse(run.stdout).data;
    expect(known.budget.passed).toBe(true);
    expect(missing.baseline).toBeNull();
    expect(missing.budget.reasons).toEqual([expect.stringMatching(/^\d+ failed checks? of importance high$/)]);
    const lenient = await runCli(["audit", sample, page, "--allow-private", "--baseline", file]);
    expect(lenient.code, lenient.stdout).toBe(0);
    expect(lenient.stdout).toContain("not in the baseline: judged by the budget");
  });

  it.each([
    ["missing", join(dir, "nope.json"), /^pagegrade: cannot read the baseline .*nope\.json: ENOENT/],
    ["not JSON", "garbage.json", /^pagegrade: the baseline .*garbage\.json is not JSON/],
    ["the wrong JSON", "wrong.json", /^pagegrade: the baseline .*wrong\.json is not a pagegrade --format json output \(at data\.0\.results\)/],
  ])("a %s baseline is exit 2 with one line", async (_what, name, message) => {
    writeFileSync(join(dir, "garbage.json"), "{ not json");
    writeFileSync(join(dir, "wrong.json"), JSON.stringify({ data: [{ url: sample, status: "completed", score: 1, results: "all good" }] }));
    const run = await runCli(["audit", sample, "--allow-private", "--baseline", name.startsWith("/") ? name : join(dir, name)]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it("--max-drop without --baseline is a usage error", async () => {
    const run = await runCli(["audit", sample, "--max-drop", "3"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--max-drop only means something with --baseline.");
  });
});
