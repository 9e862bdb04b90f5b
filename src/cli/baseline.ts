import * as z from "zod/mini";
import type { BaselineFlags } from "./args";

/**
 * --baseline: an earlier `--format json` output, of audit or crawl. Only what the comparison needs is read, so a file
 * from an older or newer pagegrade (more fields, more checks) still compares.
 */
const verdicts = z.record(z.string(), z.object({ passed: z.boolean() }));
const baselineFile = z.object({
  data: z.array(
    z.object({
      url: z.string(),
      status: z.string(),
      score: z.nullable(z.number()),
      results: z.nullable(verdicts),
    }),
  ),
  site: z.optional(
    z.object({
      site_checks: z.nullable(
        z.record(
          z.string(),
          z.object({ passed: z.boolean(), applicable: z.optional(z.boolean()), count: z.optional(z.number()), examples: z.optional(z.array(z.unknown())) }),
        ),
      ),
    }),
  ),
});

type Verdicts = z.infer<typeof verdicts>;

export interface Baseline {
  flags: BaselineFlags;
  /** Analysed pages by the URL audited; a page that could not be analysed then has nothing to compare with. */
  pages: Map<string, { score: number; results: Verdicts }>;
  /** The site checks of a crawl baseline (with their counts, for the issue compare); null for an audit's. */
  siteChecks: Record<string, { passed: boolean; applicable?: boolean; count?: number; examples?: unknown[] }> | null;
}

/** What changed since the baseline; `worse` is what fails the run. */
export interface Comparison {
  /** Checks that passed in the baseline and fail now. */
  newFailures: string[];
  /** Checks that failed in the baseline and pass now. */
  fixed: string[];
  /** Null for site checks, which have no score. */
  score: { before: number; after: number; change: number } | null;
  worse: string[];
}

/** The baseline file read and checked, or the one-line reason it cannot be used. */
export async function loadBaseline(flags: BaselineFlags, readFile: (path: string) => Promise<string>): Promise<{ ok: true; baseline: Baseline } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(flags.file);
  } catch (error) {
    return { ok: false, message: `cannot read the baseline ${flags.file}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `the baseline ${flags.file} is not JSON: give the --format json output of an earlier run.` };
  }
  const parsed = baselineFile.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "the top level";
    return { ok: false, message: `the baseline ${flags.file} is not a pagegrade --format json output (at ${where}).` };
  }
  const pages = new Map<string, { score: number; results: Verdicts }>();
  for (const page of parsed.data.data) {
    if (page.status === "completed" && page.score !== null && page.results !== null) pages.set(page.url, { score: page.score, results: page.results });
  }
  return { ok: true, baseline: { flags, pages, siteChecks: parsed.data.site?.site_checks ?? null } };
}

const sorted = (ids: string[]) => [...ids].sort();

/** Checks that passed before and fail now, and the other way round; a check new since the baseline is neither. */
export function compareChecks(before: Verdicts, now: Record<string, { passed: boolean }>): Pick<Comparison, "newFailures" | "fixed"> {
  const ids = Object.keys(now).filter((id) => before[id] !== undefined);
  return {
    newFailures: sorted(ids.filter((id) => before[id]!.passed && !now[id]!.passed)),
    fixed: sorted(ids.filter((id) => !before[id]!.passed && now[id]!.passed)),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One analysed page against its baseline: worse when a check newly fails or the score dropped more than --max-drop. */
export function comparePage(before: { score: number; results: Verdicts }, after: { score: number; results: Record<string, { passed: boolean }> }, maxDrop: number): Comparison {
  const checks = compareChecks(before.results, after.results);
  const change = after.score - before.score;
  const worse = checks.newFailures.map((id) => `new failure: ${id}`);
  if (-change > maxDrop) worse.push(`score dropped ${plural(-change, "point")} (${before.score} to ${after.score}), more than --max-drop ${maxDrop}`);
  return { ...checks, score: { before: before.score, after: after.score, change }, worse };
}

/** A crawl's site checks against the baseline's. */
export function compareSiteChecks(before: Verdicts, now: Record<string, { passed: boolean }>): Comparison {
  const checks = compareChecks(before, now);
  return { ...checks, score: null, worse: checks.newFailures.map((id) => `new failure: ${id}`) };
}

/** "score 80 -> 75 (-5); new failures: a, b; fixed: c" or "unchanged". */
export function describeComparison(comparison: Comparison): string {
  const parts: string[] = [];
  const { score } = comparison;
  if (score && score.change !== 0) parts.push(`score ${score.before} -> ${score.after} (${score.change > 0 ? "+" : ""}${score.change})`);
  if (comparison.newFailures.length > 0) parts.push(`new failures: ${comparison.newFailures.join(", ")}`);
  if (comparison.fixed.length > 0) parts.push(`fixed: ${comparison.fixed.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "unchanged";
}
