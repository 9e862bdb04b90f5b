import { Axes, ChartTable, type Plot } from "./chart-parts";

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps {
  /** The chart's heading in words, also its SVG title and its table's caption. */
  title: string;
  xLabel: string;
  yLabel: string;
  bars: Bar[];
}

const plot: Plot = { width: 600, height: 220, left: 48, right: 8, top: 18, bottom: 44 };
const { width: WIDTH, height: HEIGHT, left: LEFT, right: RIGHT, top: TOP, bottom: BOTTOM } = plot;

/**
 * Vertical bars as static SVG (no script, no style attribute: the CSP allows neither), each with its count above it,
 * labelled axes, and the same numbers as a visually hidden table for screen readers.
 */
export const BarChart = ({ title, xLabel, yLabel, bars }: BarChartProps) => {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, bars.length);
  const barWidth = Math.max(2, Math.min(56, slot * 0.7));
  const baseline = HEIGHT - BOTTOM;
  const summary = `${title}: ${bars.map((bar) => `${bar.label}: ${bar.value}`).join(", ")}.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={summary}>
        <title>{summary}</title>
        <Axes plot={plot} xLabel={xLabel} />
        <text class="tick" x={LEFT - 6} y={baseline} text-anchor="end" dominant-baseline="middle">
          0
        </text>
        <text class="tick" x={LEFT - 6} y={TOP} text-anchor="end" dominant-baseline="middle">
          {max}
        </text>
        <text class="axis-label" x={12} y={TOP + plotHeight / 2} text-anchor="middle" transform={`rotate(-90 12 ${TOP + plotHeight / 2})`}>
          {yLabel}
        </text>
        {bars.map((bar, i) => {
          const h = (bar.value / max) * plotHeight;
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <>
              <rect class="bar" x={x.toFixed(1)} y={(baseline - h).toFixed(1)} width={barWidth.toFixed(1)} height={h.toFixed(1)} />
              <text class="count" x={(x + barWidth / 2).toFixed(1)} y={(baseline - h - 4).toFixed(1)} text-anchor="middle">
                {bar.value}
              </text>
              <text class="tick" x={(x + barWidth / 2).toFixed(1)} y={baseline + 16} text-anchor="middle">
                {bar.label}
              </text>
            </>
          );
        })}
      </svg>
      <ChartTable caption={title} columns={[xLabel, yLabel]} rows={bars.map((bar) => [bar.label, bar.value])} />
    </figure>
  );
};

/** Audited pages by score in tens, the last bin 90-100. */
export const ScoreDistribution = ({ bins }: { bins: number[] }) => (
  <BarChart
    title="Audited pages by score"
    xLabel="Score"
    yLabel="Pages"
    bars={bins.map((value, i) => ({ label: i === 9 ? "90-100" : `${i * 10}-${i * 10 + 9}`, value }))}
  />
);

/** Pages by how many links away from the start URL the crawl found them. */
export const DepthChart = ({ depths }: { depths: number[] }) => (
  <BarChart title="Pages by depth" xLabel="Depth (links from the start URL)" yLabel="Pages" bars={depths.map((value, i) => ({ label: String(i), value }))} />
);
