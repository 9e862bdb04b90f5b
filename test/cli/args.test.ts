import { describe, expect, it } from "vitest";
import { DEFAULT_CRAWL_LIMIT, MAX_CONCURRENCY, parseCommandLine } from "../../src/cli/args";
import { CRAWL_PAGES_CEILING } from "../../src/config";

const problem = (argv: string[]) => {
  const parsed = parseCommandLine(argv);
  return parsed.command === "usage-error" ? parsed.message : null;
};

describe("parseCommandLine", () => {
  it("reads an audit with its defaults", () => {
    expect(parseCommandLine(["audit", "https://a.example/", "https://b.example/"])).toEqual({
      command: "audit",
      urls: ["https://a.example/", "https://b.example/"],
      concurrency: 4,
      budget: { minScore: null, failOn: null, metrics: null },
      baseline: null,
      format: "text",
      output: null,
      allowPrivate: false,
      auth: null,
      render: false,
      device: "mobile",
    });
  });

  it("reads a crawl and every shared flag", () => {
    const parsed = parseCommandLine([
      "crawl", "https://a.example/", "--source", "links", "--limit", "20", "--interval-ms", "500", "--min-score", "80", "--fail-on", "medium",
      "--format", "junit", "-o", "out.xml", "--allow-private", "--baseline", "old.json", "--max-drop", "3", "--render",
    ]);
    expect(parsed).toEqual({
      command: "crawl",
      url: "https://a.example/",
      source: "links",
      limit: 20,
      intervalMs: 500,
      budget: { minScore: 80, failOn: "medium", metrics: null },
      baseline: { file: "old.json", maxDrop: 3 },
      format: "junit",
      output: "out.xml",
      allowPrivate: true,
      auth: null,
      render: true,
      device: "mobile",
    });
    expect(parseCommandLine(["crawl", "https://a.example/"])).toMatchObject({ source: "auto", limit: DEFAULT_CRAWL_LIMIT, intervalMs: null });
  });

  it("answers help and version before anything else", () => {
    expect(parseCommandLine(["audit", "-h"])).toEqual({ command: "help" });
    expect(parseCommandLine(["--version"])).toEqual({ command: "version" });
  });

  it("gives one line for each usage error", () => {
    expect(problem([])).toBe("Missing command: pagegrade audit <url...> or pagegrade crawl <url>.");
    expect(problem(["scan", "https://a.example/"])).toBe('Unknown command "scan": the commands are audit and crawl.');
    expect(problem(["audit"])).toBe("Give at least one URL to audit.");
    expect(problem(["crawl", "https://a.example/", "https://b.example/"])).toBe("Give one URL to crawl: its site is crawled.");
    expect(problem(["audit", "https://a.example/", "--limit", "5"])).toBe("--limit is an option of pagegrade crawl only.");
    expect(problem(["crawl", "https://a.example/", "--concurrency", "2"])).toBe("--concurrency is an option of pagegrade audit only.");
    expect(problem(["audit", "https://a.example/", "--concurrency", String(MAX_CONCURRENCY + 1)])).toBe(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not "${MAX_CONCURRENCY + 1}".`);
    expect(problem(["crawl", "https://a.example/", "--limit", String(CRAWL_PAGES_CEILING + 1)])).toMatch(/^--limit must be a whole number from 1 to /);
    expect(problem(["audit", "https://a.example/", "--min-score", "9.5"])).toBe('--min-score must be a whole number from 0 to 100, not "9.5".');
    expect(problem(["audit", "https://a.example/", "--format", "xml"])).toBe('--format must be one of text, json, junit, markdown, not "xml".');
    expect(problem(["audit", "https://a.example/", "--max-drop", "2"])).toBe("--max-drop only means something with --baseline.");
    expect(problem(["audit", "https://a.example/", "--output="])).toBe("--output needs a file name.");
    expect(problem(["audit", "ftp://a.example/"])).toBe('"ftp://a.example/" is not an http or https URL.');
    expect(problem(["audit", "a.example"])).toBe('"a.example" is not a URL (expected http:// or https://).');
    expect(problem(["audit", "https://a.example/", "--nope"])?.split("\n")).toHaveLength(1);
  });

  it("--budget: lab metrics need --render, the field's p75 do not", () => {
    expect(problem(["audit", "https://a.example/", "--budget", "lcp=2500,field_lcp=2500"])).toBe(
      "--budget lcp, cls and tbt measure a rendered page: add --render (field_lcp, field_inp and field_cls need none).",
    );
    expect(problem(["audit", "https://a.example/", "--device", "desktop"])).toBe("--device measures a rendered page: add --render.");
    const parsed = parseCommandLine(["audit", "https://a.example/", "--budget", "field_lcp=2500,field_cls=0.1"]);
    expect(parsed).toMatchObject({ command: "audit", render: false, budget: { metrics: { field_lcp: 2500, field_cls: 0.1 } } });
  });
});
