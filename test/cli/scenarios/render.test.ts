import { describe, expect, inject, it } from "vitest";
import { runCli } from "../run-cli";

const origin = inject("pageServer");
const at = (path: string) => `${origin}${path}`;

interface Result {
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
}
interface JsonReport {
  url: string;
  render: 0 | 1;
  results: Record<string, Result> | null;
  error?: { code: string; message: string };
}

/** One `--render` run (one Chromium) over the script-built test pages, as JSON. */
async function renderedAudit(paths: string[], extra: string[] = []) {
  const run = await runCli(["audit", ...paths.map(at), "--allow-private", "--render", "--device", "desktop", "--format", "json", ...extra]);
  const reports = JSON.parse(run.stdout).data as JsonReport[];
  return { run, byPath: Object.fromEntries(paths.map((path, i) => [path, reports[i]!])) };
}

describe("pagegrade audit --render, in the machine's Chromium", () => {
  it("audits what script builds, and the rendering checks name what script wrote", async () => {
    const paths = ["/render/script-built", "/render/noindex-removed", "/render/noindex-added", "/render/throws", "/render/static"];
    const { run, byPath } = await renderedAudit(paths);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");

    expect(byPath["/render/script-built"]!.render).toBe(1);
    const built = byPath["/render/script-built"]!.results!;
    // Rendered verdicts: title, description, canonical, h1 and links exist once script has run.
    for (const id of ["title", "meta_description", "canonical", "headings", "crawlable_anchors", "link_text"]) expect(built[id]?.passed, id).toBe(true);
    expect(built.title!.value).toBe("Walking shoes built by script");
    // Raw against rendered: each fails with what only the rendered HTML has.
    expect(built.rendered_title).toMatchObject({ passed: false, value: { raw: null, rendered: "Walking shoes built by script" } });
    expect(built.rendered_meta_description).toMatchObject({ passed: false, errors: { only_rendered: expect.stringMatching(/^Walking shoes for every season/) } });
    expect(built.rendered_h1).toMatchObject({ passed: false, value: { raw: null, rendered: "Walking shoes" } });
    expect(built.rendered_canonical).toMatchObject({ passed: false, value: { raw: null, rendered: at("/render/script-built") } });
    expect(built.rendered_links).toMatchObject({
      passed: false,
      value: ["boots", "sandals", "trainers", "repairs", "contact"].map((name) => at(`/render/products/${name}`)),
      errors: { script_only_links: { count: 5, of: 5, percent: 100 } },
    });
    expect(built.rendered_content).toMatchObject({ passed: false, value: { in_raw_percent: 0 } });
    expect(built.rendered_robots!.passed).toBe(true);
    expect(built.script_errors).toMatchObject({ passed: true, value: [] });
    // The response-level checks keep reading the raw response: its HTML had a doctype, it was not compressed.
    expect(built.doctype!.passed).toBe(true);
    expect(built.text_compression!.passed).toBe(false);

    const noindex = byPath["/render/noindex-removed"]!.results!;
    expect(noindex.indexable!.passed).toBe(true);
    expect(noindex.rendered_robots).toMatchObject({ passed: false, value: { raw_noindex: true, rendered_noindex: false }, errors: { noindex_removed_by_script: true } });

    const added = byPath["/render/noindex-added"]!.results!;
    expect(added.indexable!.passed).toBe(false);
    expect(added.rendered_robots).toMatchObject({ passed: false, errors: { noindex_added_by_script: true } });

    const throws = byPath["/render/throws"]!.results!;
    expect(throws.script_errors!.passed).toBe(false);
    expect(throws.script_errors!.value).toEqual([
      "render test: something went wrong",
      expect.stringMatching(/^Uncaught Error: render test boom$/),
    ]);

    const plain = byPath["/render/static"]!.results!;
    const rendering = Object.entries(plain).filter(([id]) => id.startsWith("rendered_") || id === "script_errors");
    expect(rendering).toHaveLength(8);
    for (const [id, result] of rendering) expect(result.passed, id).toBe(true);
  });

  it("leaves the rendering checks out without --render, and sees an empty shell", async () => {
    const run = await runCli(["audit", at("/render/script-built"), "--allow-private", "--format", "json"]);
    const [report] = JSON.parse(run.stdout).data as JsonReport[];
    expect(report!.render).toBe(0);
    const results = report!.results!;
    expect(Object.keys(results).filter((id) => id.startsWith("rendered_") || id === "script_errors")).toEqual([]);
    expect(results.title!.passed).toBe(false);
  });

  it("reports a page that never finishes loading as not analysed, within the render deadline", async () => {
    const started = Date.now();
    const run = await runCli(["audit", at("/render/never-finishes"), "--allow-private", "--render"], { env: { RENDER_TIMEOUT_MS: "3000" } });
    expect(run.code).toBe(3);
    expect(run.stderr.trim()).toBe(
      `pagegrade: ${at("/render/never-finishes")}: The page did not finish loading in the browser within 3 s. (render_timeout)`,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("crawls a script-built site through its rendered links", async () => {
    // Five pages whose links exist only after script: a fetch-only crawl finds the first page alone.
    const args = ["crawl", at("/render/site/5/0"), "--allow-private", "--source", "links", "--interval-ms", "0", "--format", "json"];
    const urls = (run: { stdout: string }) => (JSON.parse(run.stdout).data as JsonReport[]).map((r) => r.url.replace(origin, "")).sort();
    const rendered = await runCli([...args, "--render", "--device", "desktop"]);
    expect(rendered.code, rendered.stderr).toBe(0);
    expect(urls(rendered)).toEqual([0, 1, 2, 3, 4].map((i) => `/render/site/5/${i}`));
    const fetched = await runCli(args);
    expect(urls(fetched)).toEqual(["/render/site/5/0"]);
  });

  it("says plainly when no Chromium can be used, and audits nothing", async () => {
    const run = await runCli(["audit", at("/render/static"), "--allow-private", "--render"], { env: { CHROME_PATH: "/nowhere/chromium" } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("pagegrade: --render: CHROME_PATH (/nowhere/chromium) is not an executable file.\n");
  });

  it("treats a malformed RENDER_TIMEOUT_MS as a usage error", async () => {
    const run = await runCli(["audit", at("/render/static"), "--allow-private", "--render"], { env: { RENDER_TIMEOUT_MS: "soon" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^pagegrade: Invalid configuration: RENDER_TIMEOUT_MS must be .*\(got "soon"\)/);
  });
});
