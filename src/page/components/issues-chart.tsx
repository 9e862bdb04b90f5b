import { ChartTable } from "./chart-parts";

export type Importance = "high" | "medium" | "low";

/** One count of the chart: how many pages (or findings) of a category fail at an importance. */
export interface IssueRow {
  category: string;
  importance: Importance;
  pages: number;
}

const importances: Importance[] = ["high", "medium", "low"];
const WIDTH = 600;
const LABEL = 170;
const ROW = 28;
const TOTAL = 48;
// Room for one legend entry, "medium importance" at the chart's 12px.
const LEGEND = 150;

/** Rows summed by category, in the order categories first appear. */
function byCategory(rows: IssueRow[]): { category: string; counts: Record<Importance, number>; total: number }[] {
  const groups = new Map<string, Record<Importance, number>>();
  for (const row of rows) {
    const counts = groups.get(row.category) ?? { high: 0, medium: 0, low: 0 };
    counts[row.importance] += row.pages;
    groups.set(row.category, counts);
  }
  return [...groups].map(([category, counts]) => ({ category, counts, total: counts.high + counts.medium + counts.low }));
}

/**
 * Issues by category as horizontal bars split by importance (high, medium, low), with a legend, each total written
 * out, and the whole as a visually hidden table. Takes plain rows, whatever counted them.
 */
export const IssuesChart = ({ rows }: { rows: IssueRow[] }) => {
  const groups = byCategory(rows).filter((group) => group.total > 0);
  if (groups.length === 0) return <p class="muted">No issues found.</p>;
  const max = Math.max(...groups.map((group) => group.total));
  const height = ROW * groups.length + 30;
  const scale = (WIDTH - LABEL - TOTAL) / max;
  const summary = `Issues by category and importance: ${groups
    .map((g) => `${g.category}: ${importances.map((imp) => `${g.counts[imp]} ${imp}`).join(", ")}`)
    .join("; ")}.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height} role="img" aria-label={summary}>
        <title>{summary}</title>
        {groups.map((group, row) => {
          const y = row * ROW;
          let x = LABEL;
          return (
            <>
              <text class="tick" x={LABEL - 8} y={y + ROW / 2} text-anchor="end" dominant-baseline="middle">
                {group.category}
              </text>
              {importances.map((imp) => {
                const w = group.counts[imp] * scale;
                const rect = w > 0 && <rect class={`imp-${imp}`} x={x.toFixed(1)} y={y + 4} width={w.toFixed(1)} height={ROW - 8} />;
                x += w;
                return rect;
              })}
              <text class="count" x={(x + 6).toFixed(1)} y={y + ROW / 2} dominant-baseline="middle">
                {group.total}
              </text>
            </>
          );
        })}
        {importances.map((imp, i) => (
          <>
            <rect class={`imp-${imp}`} x={LABEL + i * LEGEND} y={height - 20} width="12" height="12" />
            <text class="tick" x={LABEL + i * LEGEND + 18} y={height - 9}>
              {imp} importance
            </text>
          </>
        ))}
      </svg>
      <ChartTable
        caption="Issues by category and importance"
        columns={["Category", ...importances]}
        rows={groups.map((group) => [group.category, ...importances.map((imp) => group.counts[imp])])}
      />
    </figure>
  );
};
