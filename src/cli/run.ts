import { authSummary, credentialsFor } from "../analysis/credentials";
import type { AnalysisOptions } from "../analysis/settings";
import { analysisOptionsFromEnv, crawlSettingsFromEnv, fieldSettingsFromEnv, renderTimeoutFromEnv } from "../config";
import { fieldSource } from "../field/field-source";
import { memoryCruxStore } from "../field/memory-store";
import { budgetsField } from "./metric-budget";
import { parseCommandLine, usage, type AuditCommand, type CrawlCommand } from "./args";
import type { RenderOptions } from "../analysis/render-page";
import { bundledVocabulary } from "../analysis/structured-data/bundled-vocabulary";
import { auditPages } from "./audit";
import { loadBaseline, type Baseline } from "./baseline";
import { openRenderer } from "./chromium/open-renderer";
import { colorEnabled, painter } from "./color";
import { crawlSite } from "./crawl-site";
import { formatJson } from "./format-json";
import { formatJunit } from "./format-junit";
import { formatMarkdown } from "./format-markdown";
import { formatText } from "./format-text";
import { toPageReport, wasAnalysed } from "./page-report";
import { progressReporter } from "./progress";
import { runPassed, type RunReport } from "./run-report";
import { toSiteReport } from "./site-report";
import { judgedByNewFailures } from "./crawl-issues";

export const exitCodes = { ok: 0, belowBudget: 1, usage: 2, notAnalysed: 3 } as const;

/** Everything the command touches outside itself, so tests can run it in-process too. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  writeFile(path: string, text: string): Promise<void>;
  readFile(path: string): Promise<string>;
  version: string;
}

type Command = AuditCommand | CrawlCommand;

function render(command: Command, run: RunReport, colored: boolean): string {
  switch (command.format) {
    case "json":
      return formatJson(run);
    case "junit":
      return formatJunit(run);
    case "markdown":
      return formatMarkdown(run);
    case "text":
      return formatText(run, painter(colored));
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The analysis options of a command: the Worker's vars from the environment, then the command's flags. */
function analysisOptions(command: Command, fromEnv: AnalysisOptions): AnalysisOptions & RenderOptions {
  return { ...fromEnv, allowPrivateTargets: command.allowPrivate || fromEnv.allowPrivateTargets, schemaVocabulary: bundledVocabulary, device: command.device };
}

/**
 * Vars read from the environment, or null once the one-line error is out: a malformed var (FETCH_TIMEOUT_MS=abc) is a
 * usage error like a malformed flag, and nothing was audited.
 */
function fromEnv<T>(io: Io, read: (env: Io["env"]) => T): T | null {
  try {
    return read(io.env);
  } catch (error) {
    io.stderr.write(`pagegrade: ${oneLine((error as Error).message)}\n`);
    return null;
  }
}

type Prepared = { ok: true; options: AnalysisOptions & RenderOptions; baseline: Baseline | null; close(): Promise<void> } | { ok: false };

/**
 * What both commands read before any request: the analysis vars, the baseline and, with --render, a browser to start;
 * a problem is a usage error. The options carry the renderer to every page (a crawl's too); `close` ends the browser.
 */
async function prepare(command: Command, io: Io): Promise<Prepared> {
  const vars = fromEnv(io, analysisOptionsFromEnv);
  if (!vars) return { ok: false };
  let baseline: Baseline | null = null;
  if (command.baseline) {
    const loaded = await loadBaseline(command.baseline, io.readFile);
    if (!loaded.ok) {
      io.stderr.write(`pagegrade: ${oneLine(loaded.message)}\n`);
      return { ok: false };
    }
    baseline = loaded.baseline;
  }
  const field = fromEnv(io, fieldSettingsFromEnv);
  if (!field) return { ok: false };
  if (!field.apiKey && command.budget.metrics && budgetsField(command.budget.metrics)) {
    io.stderr.write("pagegrade: --budget field_lcp, field_inp and field_cls need field data: set CRUX_API_KEY.\n");
    return { ok: false };
  }
  // With CRUX_API_KEY every page asks the Chrome UX Report (docs/cli.md "Field data"), the run's answers kept in memory.
  const options = { ...analysisOptions(command, vars), fieldData: fieldSource(memoryCruxStore(), field) };
  if (!command.render) return { ok: true, options, baseline, close: async () => undefined };
  const timeoutMs = fromEnv(io, renderTimeoutFromEnv);
  if (timeoutMs === null) return { ok: false };
  const renderer = openRenderer(io.env, timeoutMs);
  if (!renderer.ok) {
    io.stderr.write(`pagegrade: ${renderer.message}\n`);
    return { ok: false };
  }
  return { ok: true, options: { ...options, ...renderer.options }, baseline, close: renderer.close };
}

/** The API's `render`, `device` and `auth` fields of each page report, from the flags. */
const reportFlags = (command: Command, baseline: Baseline | null) => ({
  baseline,
  render: command.render ? (1 as const) : (0 as const),
  device: command.device,
  auth: command.auth ? authSummary(command.auth) : null,
});

/** The result on stdout (or in --output, with one line per page on stdout), then the exit code. */
async function finish(command: Command, run: RunReport, io: Io): Promise<number> {
  for (const page of run.pages) {
    if (!wasAnalysed(page)) io.stderr.write(`pagegrade: ${page.url}: ${oneLine(page.report.error?.message ?? "")} (${page.report.error?.code})\n`);
  }
  if (command.output === null) {
    io.stdout.write(render(command, run, colorEnabled(io.stdout, io.env)));
  } else {
    try {
      await io.writeFile(command.output, render(command, run, false));
    } catch (error) {
      io.stderr.write(`pagegrade: cannot write ${command.output}: ${oneLine((error as Error).message)}\n`);
      return exitCodes.usage;
    }
    io.stdout.write(formatText(run, painter(colorEnabled(io.stdout, io.env)), { brief: true }));
  }
  if (!run.pages.every(wasAnalysed)) return exitCodes.notAnalysed;
  return runPassed(run) ? exitCodes.ok : exitCodes.belowBudget;
}

async function audit(command: AuditCommand, io: Io): Promise<number> {
  const prepared = await prepare(command, io);
  if (!prepared.ok) return exitCodes.usage;
  const outcomes = await auditPages(command, prepared.options).finally(prepared.close);
  const pages = command.urls.map((url, i) => toPageReport(url, outcomes[i]!, command.budget, reportFlags(command, prepared.baseline)));
  return finish(command, { pages, site: null, budget: command.budget, baseline: command.baseline }, io);
}

async function crawl(command: CrawlCommand, io: Io): Promise<number> {
  const prepared = await prepare(command, io);
  // Only a crawl reads the crawl vars: a stray CRAWL_INTERVAL_MS must not stop an audit.
  const settings = prepared.ok ? fromEnv(io, crawlSettingsFromEnv) : null;
  if (!prepared.ok || !settings) {
    if (prepared.ok) await prepared.close();
    return exitCodes.usage;
  }
  const input = { url: command.url, source: command.source, limit: command.limit, intervalMs: command.intervalMs ?? settings.intervalMs };
  const progress = progressReporter(io.stderr);
  // Discovery, robots.txt, sitemaps and pages of the start URL's origin get the credentials; no other origin does.
  const options = command.auth ? { ...prepared.options, credentials: credentialsFor(command.url, command.auth) } : prepared.options;
  const crawled = await crawlSite(input, options, settings, progress.page).finally(prepared.close);
  progress.done();
  if (!crawled.ok) {
    // Nothing to audit (no sitemap and links not allowed, robots.txt unreachable, ...): as a page that could not be analysed.
    io.stderr.write(`pagegrade: ${command.url}: ${oneLine(crawled.message)} (${crawled.code})\n`);
    return exitCodes.notAnalysed;
  }
  const reports = crawled.pages.flatMap((page) => (page.outcome ? [toPageReport(page.url, page.outcome, command.budget, reportFlags(command, prepared.baseline))] : []));
  // A crawl baseline judges the crawl by its new issues only (docs/package-and-cli.md).
  const pages = prepared.baseline?.siteChecks ? judgedByNewFailures(reports, prepared.baseline) : reports;
  const site = toSiteReport(input, crawled, command.budget, prepared.baseline, pages);
  return finish(command, { pages, site, budget: command.budget, baseline: command.baseline }, io);
}

/** `pagegrade <argv>`: the exit code; messages for people go to stderr in one line, never a stack trace. */
export async function run(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommandLine(argv);
  switch (parsed.command) {
    case "help":
      io.stdout.write(`${usage}\n`);
      return exitCodes.ok;
    case "version":
      io.stdout.write(`${io.version}\n`);
      return exitCodes.ok;
    case "usage-error":
      io.stderr.write(`pagegrade: ${parsed.message} Try pagegrade --help.\n`);
      return exitCodes.usage;
    case "audit":
      return audit(parsed, io);
    case "crawl":
      return crawl(parsed, io);
  }
}
