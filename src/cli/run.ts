import { parseCommandLine, usage, type AuditCommand } from "./args";
import { analysisOptionsFromEnv } from "../config";
import { auditPages } from "./audit";
import { openRenderer } from "./chromium/open-renderer";
import { colorEnabled, painter } from "./color";
import { formatJson } from "./format-json";
import { formatJunit } from "./format-junit";
import { formatMarkdown } from "./format-markdown";
import { formatText } from "./format-text";
import { toPageReport, wasAnalysed, type PageReport } from "./page-report";

export const exitCodes = { ok: 0, belowBudget: 1, usage: 2, notAnalysed: 3 } as const;

/** Everything the command touches outside itself, so tests can run it in-process too. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  writeFile(path: string, text: string): Promise<void>;
  version: string;
}

function render(command: AuditCommand, pages: PageReport[], colored: boolean): string {
  switch (command.format) {
    case "json":
      return formatJson(pages, command.budget);
    case "junit":
      return formatJunit(pages, command.budget);
    case "markdown":
      return formatMarkdown(pages);
    case "text":
      return formatText(pages, painter(colored));
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

async function audit(command: AuditCommand, io: Io): Promise<number> {
  let fromEnv;
  try {
    fromEnv = analysisOptionsFromEnv(io.env);
  } catch (error) {
    // A malformed var (FETCH_TIMEOUT_MS=abc) is a usage error like a malformed flag: nothing was audited.
    io.stderr.write(`pagegrade: ${oneLine((error as Error).message)}\n`);
    return exitCodes.usage;
  }
  const rendering = command.render ? openRenderer(io.env) : null;
  if (rendering && !rendering.ok) {
    io.stderr.write(`pagegrade: ${rendering.message}\n`);
    return exitCodes.usage;
  }
  let outcomes;
  try {
    outcomes = await auditPages(command, fromEnv, rendering ? rendering.options : {});
  } finally {
    await rendering?.close();
  }
  const pages = command.urls.map((url, i) => toPageReport(url, outcomes[i]!, command.budget));
  for (const page of pages) {
    if (!wasAnalysed(page)) io.stderr.write(`pagegrade: ${page.url}: ${oneLine(page.report.error?.message ?? "")} (${page.report.error?.code})\n`);
  }
  if (command.output === null) {
    io.stdout.write(render(command, pages, colorEnabled(io.stdout, io.env)));
  } else {
    try {
      await io.writeFile(command.output, render(command, pages, false));
    } catch (error) {
      io.stderr.write(`pagegrade: cannot write ${command.output}: ${oneLine((error as Error).message)}\n`);
      return exitCodes.usage;
    }
    io.stdout.write(formatText(pages, painter(colorEnabled(io.stdout, io.env)), { brief: true }));
  }
  if (!pages.every(wasAnalysed)) return exitCodes.notAnalysed;
  return pages.every((page) => page.budget.passed) ? exitCodes.ok : exitCodes.belowBudget;
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
  }
}
