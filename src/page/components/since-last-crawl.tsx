import { checkInfo } from "../../site/issues/check-info";
import type { CompareSummary } from "../../site/issues/compare";

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Checks by their registry title, the id when no registry knows it any more. */
function CheckNames({ label, ids }: { label: string; ids: string[] }) {
  if (ids.length === 0) return null;
  return (
    <p>
      {label}: {ids.map((id) => checkInfo(id)?.title ?? id).join(", ")}
    </p>
  );
}

/**
 * The compare with the crawl before, as stored when this crawl completed (never computed here: it reads every page of
 * both crawls). The full compare is `GET /api/v1/crawls/{id}/compare`.
 */
export function SinceLastCrawl({ summary }: { summary: CompareSummary }) {
  const { score, issues, failures, pages } = summary;
  const counts: [number, string][] = [
    [issues.new.length, "checks newly failing"],
    [issues.fixed.length, "checks fixed"],
    [failures.new, "new failures"],
    [failures.fixed, "failures fixed"],
    [failures.remaining, "failures remaining"],
    [pages.added, "pages added"],
    [pages.removed, "pages removed"],
  ];
  return (
    <section class="category" aria-labelledby="since-heading">
      <h2 id="since-heading">Since the last crawl</h2>
      <p class="muted">
        Compared with <a href={`/crawls/${summary.with}`}>the crawl before</a>
        {score.change !== null && (
          <>
            : mean score {score.from} → {score.to} ({signed(score.change)})
          </>
        )}
        .
      </p>
      <ul class="counts" aria-label="Since the last crawl">
        {counts.map(([n, words]) => (
          <li>
            <strong>{n}</strong>
            {words}
          </li>
        ))}
      </ul>
      <CheckNames label="Newly failing" ids={issues.new} />
      <CheckNames label="Fixed" ids={issues.fixed} />
    </section>
  );
}
