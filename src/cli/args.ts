import { parseArgs } from "node:util";
import type { Importance } from "../analysis/types";

export const formats = ["text", "json", "junit", "markdown"] as const;
export type Format = (typeof formats)[number];
const importances = ["high", "medium", "low"] as const satisfies readonly Importance[];

export const MAX_CONCURRENCY = 32;

export const usage = `Usage: pagegrade audit <url...> [options]

Audits each page and exits 0 when every page meets the budget, 1 when one does not,
2 on a usage error, 3 when a page could not be analysed.

Options:
  --min-score N                 fail a page scoring below N (0-100)
  --fail-on high|medium|low     fail a page with a failed check of this importance or above
  --format text|json|junit|markdown   output format (default text)
  --output FILE                 write the report to FILE (stdout gets one line per page)
  --allow-private               allow localhost, private addresses and any port
  --concurrency N               pages audited at once (1-${MAX_CONCURRENCY}, default 4)
  --render                      also load each page in a local Chromium (CHROME_PATH, else the usual
                                paths) and audit what its scripts build; adds the rendering checks
  -h, --help                    this help
  -v, --version                 the version

Limits and thresholds come from the same variables as the Worker (FETCH_TIMEOUT_MS, RENDER_TIMEOUT_MS, TITLE_MAX_LENGTH, ...).`;

export interface Budget {
  minScore: number | null;
  failOn: Importance | null;
}

export interface AuditCommand {
  command: "audit";
  urls: string[];
  budget: Budget;
  format: Format;
  output: string | null;
  allowPrivate: boolean;
  concurrency: number;
  render: boolean;
}

export type Parsed = AuditCommand | { command: "help" } | { command: "version" } | { command: "usage-error"; message: string };

const usageError = (message: string): Parsed => ({ command: "usage-error", message });

/** A flag's value: undefined when absent, or the one-line problem with it. */
type Flag<T> = { value: T | undefined } | { problem: string };

function integerIn(name: string, raw: string | undefined, min: number, max: number): Flag<number> {
  if (raw === undefined) return { value: undefined };
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) return { problem: `--${name} must be a whole number from ${min} to ${max}, not "${raw}".` };
  return { value: Number(raw) };
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[]): Flag<T> {
  if (raw === undefined || (allowed as readonly string[]).includes(raw)) return { value: raw as T | undefined };
  return { problem: `--${name} must be one of ${allowed.join(", ")}, not "${raw}".` };
}

/** An http(s) URL, or why not: the fetch layer refuses the rest anyway, but a typo is a usage error. */
function urlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not a URL (expected http:// or https://).`;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? null : `"${raw}" is not an http or https URL.`;
}

const valueOf = <T>(flag: Flag<T>) => ("value" in flag ? flag.value : undefined);

/** Command-line arguments to a command, or a one-line usage error; never throws. */
export function parseCommandLine(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        "min-score": { type: "string" },
        "fail-on": { type: "string" },
        format: { type: "string" },
        output: { type: "string", short: "o" },
        "allow-private": { type: "boolean" },
        concurrency: { type: "string" },
        render: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    // parseArgs explains unknown flags and missing values in one sentence; keep only that line.
    return usageError(String((error as Error).message).split("\n")[0]!);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const [command, ...urls] = positionals;
  if (command === undefined) return usageError("Missing command: pagegrade audit <url...>.");
  if (command !== "audit") return usageError(`Unknown command "${command}": the only command is audit.`);
  if (urls.length === 0) return usageError("Give at least one URL to audit.");

  const minScore = integerIn("min-score", values["min-score"], 0, 100);
  const concurrency = integerIn("concurrency", values.concurrency, 1, MAX_CONCURRENCY);
  const failOn = oneOf("fail-on", values["fail-on"], importances);
  const format = oneOf("format", values.format, formats);
  for (const flag of [minScore, concurrency, failOn, format]) if ("problem" in flag) return usageError(flag.problem);
  if (values.output === "") return usageError("--output needs a file name.");
  for (const url of urls) {
    const problem = urlProblem(url);
    if (problem) return usageError(problem);
  }
  return {
    command: "audit",
    urls,
    budget: { minScore: valueOf(minScore) ?? null, failOn: valueOf(failOn) ?? null },
    format: valueOf(format) ?? "text",
    output: values.output ?? null,
    allowPrivate: values["allow-private"] ?? false,
    concurrency: valueOf(concurrency) ?? 4,
    render: values.render ?? false,
  };
}
