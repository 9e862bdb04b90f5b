import { parseArgs } from "node:util";
import type { Importance } from "../analysis/types";
import type { Auth } from "../analysis/credentials";
import { CRAWL_INTERVAL_BOUNDS, CRAWL_PAGES_CEILING } from "../config";
import { crawlSources, type CrawlSource } from "../site/terms";
import { parseCredentials } from "./credentials";
import { devices, type Device } from "../analysis/lab-device";
import { budgetsLab, parseMetricBudget, type MetricBudget } from "./metric-budget";

export const formats = ["text", "json", "junit", "markdown"] as const;
export type Format = (typeof formats)[number];
const importances = ["high", "medium", "low"] as const satisfies readonly Importance[];

export const MAX_CONCURRENCY = 32;
export const DEFAULT_CRAWL_LIMIT = 100;

export const usage = `Usage: pagegrade audit <url...> [options]
       pagegrade crawl <url> [--source auto|sitemap|links] [--limit N] [--interval-ms N] [options]

audit checks each page; crawl finds a site's pages as the service's crawls do (robots.txt, sitemaps or links),
checks each, then runs the site checks. Exits 0 when every page meets the budget, 1 when one does not,
2 on a usage error, 3 when a page could not be analysed.

Options:
  --min-score N                 fail a page scoring below N (0-100)
  --fail-on high|medium|low     fail a page with a failed check of this importance or above
  --format text|json|junit|markdown   output format (default text)
  --output FILE                 write the report to FILE (stdout gets one line per page)
  --allow-private               allow localhost, private addresses and any port
  --concurrency N               pages audited at once by audit (1-${MAX_CONCURRENCY}, default 4)
  --baseline FILE               judge pages by what got worse since FILE (an earlier --format json output)
  --max-drop N                  with --baseline: a score may drop N points (default 0)
  --header "Name: value"        send this header (Authorization, Cookie or X-*) to the given URL's origin only; repeatable
  --basic user:password         send HTTP Basic credentials to the given URL's origin only
  --render                      also load each page in a local Chromium (CHROME_PATH, else the usual paths)
                                and check what its scripts build, adding the rendering checks (Node 22)
  --device mobile|desktop       with --render: measure as Lighthouse's mobile (Slow 4G, 4x CPU; default) or desktop
  --budget lcp=MS,cls=N,tbt=MS  with --render: fail a page whose lab metrics are over these (any of the three)
                                field_lcp=MS,field_inp=MS,field_cls=N: the same for the Chrome UX Report's p75
                                (needs CRUX_API_KEY; a page without field data fails them)
  --source auto|sitemap|links   crawl: how pages are found (default auto)
  --limit N                     crawl: at most N pages (1-${CRAWL_PAGES_CEILING}, default ${DEFAULT_CRAWL_LIMIT})
  --interval-ms N               crawl: at least N ms between fetches (default CRAWL_INTERVAL_MS, or robots.txt Crawl-delay)
  -h, --help                    this help
  -v, --version                 the version

Limits and thresholds come from the same variables as the Worker (FETCH_TIMEOUT_MS, RENDER_TIMEOUT_MS, TITLE_MAX_LENGTH, ...).
With CRUX_API_KEY (and CRUX_API_ORIGIN, CRUX_TIMEOUT_MS) each page's field data is asked of the Chrome UX Report.`;

export interface Budget {
  minScore: number | null;
  failOn: Importance | null;
  /** --budget: the lab metrics' limits; null when not given. */
  metrics?: MetricBudget | null;
}

/** --baseline and --max-drop: what an earlier run is compared with. */
export interface BaselineFlags {
  file: string;
  maxDrop: number;
}

/** What audit and crawl share. */
interface CommandFlags {
  budget: Budget;
  baseline: BaselineFlags | null;
  format: Format;
  output: string | null;
  allowPrivate: boolean;
  /** --header and --basic: sent only to the origin of the URL given (for crawl, the start URL). */
  auth: Auth | null;
  /** --render: every page also loaded in a local Chromium (docs/rendering.md). */
  render: boolean;
  /** --device: the screen and throttling of a rendered page (mobile unless given). */
  device: Device;
}

export interface AuditCommand extends CommandFlags {
  command: "audit";
  urls: string[];
  concurrency: number;
}

export interface CrawlCommand extends CommandFlags {
  command: "crawl";
  url: string;
  source: CrawlSource;
  limit: number;
  /** Null: CRAWL_INTERVAL_MS from the environment. */
  intervalMs: number | null;
}

export type Parsed = AuditCommand | CrawlCommand | { command: "help" } | { command: "version" } | { command: "usage-error"; message: string };

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
        baseline: { type: "string" },
        "max-drop": { type: "string" },
        header: { type: "string", multiple: true },
        basic: { type: "string" },
        render: { type: "boolean" },
        device: { type: "string" },
        budget: { type: "string" },
        source: { type: "string" },
        limit: { type: "string" },
        "interval-ms": { type: "string" },
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
  if (command === undefined) return usageError("Missing command: pagegrade audit <url...> or pagegrade crawl <url>.");
  if (command !== "audit" && command !== "crawl") return usageError(`Unknown command "${command}": the commands are audit and crawl.`);
  if (urls.length === 0) return usageError(command === "audit" ? "Give at least one URL to audit." : "Give the URL to crawl.");
  if (command === "crawl" && urls.length > 1) return usageError("Give one URL to crawl: its site is crawled.");
  const onlyFor = (name: string, owner: string) => usageError(`--${name} is an option of pagegrade ${owner} only.`);
  if (command === "audit") for (const name of ["source", "limit", "interval-ms"] as const) if (values[name] !== undefined) return onlyFor(name, "crawl");
  if (command === "crawl" && values.concurrency !== undefined) return onlyFor("concurrency", "audit");

  const minScore = integerIn("min-score", values["min-score"], 0, 100);
  const concurrency = integerIn("concurrency", values.concurrency, 1, MAX_CONCURRENCY);
  const maxDrop = integerIn("max-drop", values["max-drop"], 0, 100);
  const limit = integerIn("limit", values.limit, 1, CRAWL_PAGES_CEILING);
  const intervalMs = integerIn("interval-ms", values["interval-ms"], CRAWL_INTERVAL_BOUNDS.min, CRAWL_INTERVAL_BOUNDS.max);
  const failOn = oneOf("fail-on", values["fail-on"], importances);
  const format = oneOf("format", values.format, formats);
  const source = oneOf("source", values.source, crawlSources);
  const device = oneOf("device", values.device, devices);
  const metricBudget = values.budget === undefined ? { value: null } : parseMetricBudget(values.budget);
  for (const flag of [minScore, concurrency, maxDrop, limit, intervalMs, failOn, format, source, device, metricBudget]) if ("problem" in flag) return usageError(flag.problem);
  if (values.device !== undefined && !values.render) return usageError("--device measures a rendered page: add --render.");
  const labBudget = valueOf(metricBudget);
  if (labBudget && budgetsLab(labBudget) && !values.render) return usageError("--budget lcp, cls and tbt measure a rendered page: add --render (field_lcp, field_inp and field_cls need none).");
  if (values.output === "") return usageError("--output needs a file name.");
  if (values.baseline === "") return usageError("--baseline needs a file name.");
  if (values["max-drop"] !== undefined && values.baseline === undefined) return usageError("--max-drop only means something with --baseline.");
  for (const url of urls) {
    const problem = urlProblem(url);
    if (problem) return usageError(problem);
  }
  const credentials = parseCredentials(values.header ?? [], values.basic);
  if ("problem" in credentials) return usageError(credentials.problem);
  const shared: CommandFlags = {
    budget: { minScore: valueOf(minScore) ?? null, failOn: valueOf(failOn) ?? null, metrics: valueOf(metricBudget) ?? null },
    baseline: values.baseline === undefined ? null : { file: values.baseline, maxDrop: valueOf(maxDrop) ?? 0 },
    format: valueOf(format) ?? "text",
    output: values.output ?? null,
    allowPrivate: values["allow-private"] ?? false,
    auth: credentials.value,
    render: values.render ?? false,
    device: valueOf(device) ?? "mobile",
  };
  if (command === "crawl") {
    return { command, url: urls[0]!, source: valueOf(source) ?? "auto", limit: valueOf(limit) ?? DEFAULT_CRAWL_LIMIT, intervalMs: valueOf(intervalMs) ?? null, ...shared };
  }
  return { command, urls, concurrency: valueOf(concurrency) ?? 4, ...shared };
}
