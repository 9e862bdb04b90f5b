import type { CrawlPageRow } from "../../crawls/crawl-page-rows";
import type { CrawlPageStats } from "../../crawls/crawl-page-stats";
import type { SiteCheck, SiteVerdict } from "../../site/checks/types";
import type { CrawlSiteFacts } from "../../site/discovery/llms-links";
import type { Crawl } from "../../db/schema";
import { resultWords, type ResultLabel } from "../palette";
import { formatUtc, hostOf, SafeLink } from "./report-view";
import { DepthChart, ScoreDistribution } from "./bar-chart";
import { IssuesChart } from "./issues-chart";
import type { IssueRow } from "../../site/issues/issue-rows";
import { ScoreGauge } from "./score-gauge";
import { SiteExperienceSection } from "./experience-section";
import { SinceLastCrawl } from "./since-last-crawl";

const statusWords: Record<Crawl["status"], string> = {
  discovering: "Finding the site's pages",
  running: "Auditing the pages",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** One example of a site check: a URL, a duplicate group, or a URL with what was found about it. */
function Example({ example }: { example: unknown }) {
  if (typeof example === "string") return <SafeLink href={example} />;
  if (example && typeof example === "object") {
    const { url, urls, value, ...rest } = example as Record<string, unknown>;
    if (Array.isArray(urls)) {
      return (
        <>
          <span class="label">“{String(value)}”</span>:{" "}
          {urls.map((u, i) => (
            <>
              {i > 0 && ", "}
              <SafeLink href={String(u)} />
            </>
          ))}
        </>
      );
    }
    const details = Object.entries(rest)
      .map(([k, v]) => `${k.replace(/_/g, " ")}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
      .join("; ");
    return (
      <>
        <SafeLink href={String(url ?? "")} /> {details && <span class="muted">({details})</span>}
      </>
    );
  }
  return <>{String(example)}</>;
}

// A check that did not apply to this crawl (no sitemap read, say) was not passed: it gets a neutral mark, not a tick;
// a pass of a check that could not verify everything is "Partly checked", never "Passed".
const marks = { na: "–", partial: "~", pass: "✓", fail: "✗" };

/** What a verdict says in words. */
function stateWords(verdict: SiteVerdict): string {
  const partly = verdict.partly_checked === true;
  if (!verdict.applicable) return "Not applicable";
  if (!verdict.passed) return `${verdict.count} found${partly ? ", partly checked" : ""}`;
  return partly ? "Partly checked" : "Passed";
}

function CheckRow({ check, verdict }: { check: SiteCheck; verdict: SiteVerdict }) {
  const mark = !verdict.applicable ? "na" : !verdict.passed ? "fail" : verdict.partly_checked === true ? "partial" : "pass";
  return (
    <li class="check">
      <span class={`mark mark-${mark}`} aria-hidden="true">
        {marks[mark]}
      </span>
      <div class="check-body">
        <h3>
          {check.title} <span class="tag">{stateWords(verdict)}</span>
        </h3>
        {!verdict.passed && (
          <>
            <p>{check.fix}</p>
            <ul>
              {verdict.examples.map((example) => (
                <li>
                  <Example example={example} />
                </li>
              ))}
            </ul>
            {verdict.count > verdict.examples.length && <p class="muted">and {verdict.count - verdict.examples.length} more</p>}
          </>
        )}
      </div>
    </li>
  );
}

/** A page of the crawl: its report linked unless that report is private. */
function PageRow({ row }: { row: CrawlPageRow }) {
  const linkable = row.reportId !== null && row.privacy !== null && row.privacy !== 1;
  const verdict = row.state === "audited" && row.score !== null ? `${row.score}/100` : row.state;
  return (
    <tr>
      <td class="url-cell">
        <SafeLink href={row.url} />
      </td>
      <td>{row.result ? <span class={`badge badge-${row.result}`}>{verdict}</span> : verdict}</td>
      <td>{linkable ? <a href={`/reports/${row.reportId}`}>Report</a> : <span class="muted">—</span>}</td>
    </tr>
  );
}

export interface CrawlViewProps {
  crawl: Crawl;
  counts: { audited: number; failed: number; blocked: number; pending: number };
  checks: SiteCheck[];
  /** One screen of pages, worst first: screen `page` of `pageCount`. */
  rows: CrawlPageRow[];
  page: number;
  pageCount: number;
  stats: CrawlPageStats;
  issues: IssueRow[];
}

/**
 * The crawl's issues, page and site checks together, most important first: what a site audit answers first. The
 * pages failing one check are `GET /api/v1/crawls/{id}/issues/{check}` (with a key; docs/crawls.md).
 */
function IssueTable({ crawlId, issues }: { crawlId: number; issues: IssueRow[] }) {
  if (issues.length === 0) return <p class="muted">No check fails on any audited page.</p>;
  // Three columns, like the pages table, so it fits a phone without sideways scrolling.
  return (
    <table class="pages">
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">Importance</th>
          <th scope="col">Pages</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((issue) => (
          <tr>
            <td>
              <a href={`/api/v1/crawls/${crawlId}/issues/${issue.check}`}>{issue.title}</a>{" "}
              <span class="tag">{issue.kind === "site" ? "site" : issue.category}</span>
            </td>
            <td>{issue.importance}</td>
            <td>
              {issue.pages} ({Math.round(issue.share * 100)}%)
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Links to the screens before and after this one, by `?page=`. */
function Pager({ crawlId, page, pageCount }: { crawlId: number; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? `/crawls/${crawlId}` : `/crawls/${crawlId}?page=${n}`);
  return (
    <nav class="pager" aria-label="Pages of the list">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          ← Previous 100
        </a>
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <a href={href(page + 1)} rel="next">
          Next 100 →
        </a>
      )}
    </nav>
  );
}

/** Whether the site has an llms.txt, in plain words; null when the crawl did not look (it started before we did). */
function llmsTxtWords(site: CrawlSiteFacts | null): string | null {
  const llms = site?.llms;
  if (!llms) return null;
  if (llms.digest) return `Yes: ${llms.url}, listing ${llms.digest.sameHostCount} page${llms.digest.sameHostCount === 1 ? "" : "s"} of the site`;
  if (llms.status !== null && llms.status >= 400 && llms.status < 500) return "No";
  return `Could not be read (${llms.status !== null ? `HTTP ${llms.status}` : (llms.error ?? "no answer")})`;
}

export const CrawlView = ({ crawl, counts, checks, rows, page, pageCount, stats, issues }: CrawlViewProps) => {
  const llmsTxt = llmsTxtWords(crawl.siteFacts as CrawlSiteFacts | null);
  const siteChecks = (crawl.siteChecks ?? null) as Record<string, SiteVerdict> | null;
  return (
    <>
      <h1>Site audit of {hostOf(crawl.url)}</h1>
      <dl class="urls">
        <dt>Started from</dt>
        <dd>
          <SafeLink href={crawl.url} />
        </dd>
        <dt>Status</dt>
        <dd>{statusWords[crawl.status]}</dd>
        {llmsTxt && (
          <>
            <dt>llms.txt</dt>
            <dd>{llmsTxt}</dd>
          </>
        )}
        {crawl.finishedAt && (
          <>
            <dt>Finished</dt>
            <dd>
              <time datetime={crawl.finishedAt}>{formatUtc(crawl.finishedAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {crawl.errorMessage && (
        <p class="note note-error" role="status">
          {crawl.errorMessage}
        </p>
      )}
      <section class="summary" aria-labelledby="summary-heading">
        {crawl.score !== null && crawl.result && <ScoreGauge score={crawl.score} result={crawl.result as ResultLabel} />}
        <div class="verdict">
          <h2 id="summary-heading" class="sr-only">
            Summary
          </h2>
          {crawl.result && (
            <p>
              <span class={`badge badge-${crawl.result}`}>{resultWords[crawl.result as ResultLabel]}</span>{" "}
              <span class="muted">Mean score of the audited pages: {crawl.score}/100</span>
            </p>
          )}
          <ul class="counts" aria-label="Pages">
            <li>
              <strong>{crawl.found}</strong>found
            </li>
            <li>
              <strong>{counts.audited}</strong>audited
            </li>
            <li>
              <strong>{counts.failed}</strong>failed
            </li>
            <li>
              <strong>{counts.blocked}</strong>blocked by robots.txt
            </li>
            <li>
              <strong>{counts.pending}</strong>pending
            </li>
          </ul>
          {crawl.truncated && <p class="muted">The site has more pages than this crawl's limit of {crawl.limit}.</p>}
        </div>
      </section>
      {crawl.compareSummary && <SinceLastCrawl summary={crawl.compareSummary} />}
      <SiteExperienceSection field={crawl.field} />
      <section class="category" aria-labelledby="charts-heading">
        <h2 id="charts-heading">At a glance</h2>
        <h3>Scores</h3>
        <ScoreDistribution bins={stats.scoreBins} />
        <h3>Depth</h3>
        <DepthChart depths={stats.depths} />
        <h3>Issues by category and importance</h3>
        <IssuesChart rows={issues} />
      </section>
      {crawl.status === "completed" && (
        <section class="category" aria-labelledby="issues-heading">
          <h2 id="issues-heading">Issues across the site</h2>
          <IssueTable crawlId={crawl.id} issues={issues} />
        </section>
      )}
      <section class="category" aria-labelledby="site-checks">
        <h2 id="site-checks">Site checks</h2>
        {siteChecks ? (
          <ul class="checks">
            {checks.map((check) => siteChecks[check.id] && <CheckRow check={check} verdict={siteChecks[check.id]!} />)}
          </ul>
        ) : (
          <p class="muted">The site checks are computed when every page has been audited.</p>
        )}
      </section>
      <section class="category" aria-labelledby="pages-heading">
        <h2 id="pages-heading">
          Pages <small>worst first</small>
        </h2>
        <Pager crawlId={crawl.id} page={page} pageCount={pageCount} />
        <table class="pages">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Score</th>
              <th scope="col">Report</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <PageRow row={row} />
            ))}
          </tbody>
        </table>
        <Pager crawlId={crawl.id} page={page} pageCount={pageCount} />
      </section>
    </>
  );
};
