import type { HistoryRow } from "../../db/schema";
import { Axes, ChartTable, type Plot } from "./chart-parts";
import { formatUtc } from "./report-view";

const plot: Plot = { width: 600, height: 180, left: 40, right: 24, top: 20, bottom: 36 };
const { width: WIDTH, height: HEIGHT, left: LEFT, right: RIGHT, top: TOP, bottom: BOTTOM } = plot;
// The first and last points stand off the axes, so their scores do not sit on the axis labels.
const INSET = 16;
// Dates are written under at most this many points (the first and last among them): twenty would overlap.
const DATE_LABELS = 5;

const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The score over the last completed generations as a static SVG line (no script), oldest on the left: a 0-100 axis,
 * each point's score above it, dates along the bottom, and every point as a visually hidden table.
 */
export const ScoreTrend = ({ rows }: { rows: HistoryRow[] }) => {
  const scored = rows.filter((row) => row.score !== null);
  if (scored.length < 2) return null;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const baseline = TOP + plotHeight;
  const yOf = (score: number) => TOP + ((100 - score) / 100) * plotHeight;
  const step = (WIDTH - LEFT - RIGHT - 2 * INSET) / (scored.length - 1);
  const points = scored.map((row, i) => ({ x: LEFT + INSET + i * step, y: yOf(row.score!), row }));
  const dateEvery = Math.ceil((scored.length - 1) / (DATE_LABELS - 1));
  const dated = (i: number) => i === scored.length - 1 || (i % dateEvery === 0 && scored.length - 1 - i >= dateEvery / 2);
  const first = scored[0]!;
  const last = scored.at(-1)!;
  const summary = `Score over the last ${scored.length} audits: from ${first.score} on ${formatUtc(first.generatedAt)} to ${last.score} on ${formatUtc(last.generatedAt)}.`;
  return (
    <figure class="chart">
      <svg class="trend" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={summary}>
        <title>{summary}</title>
        <Axes plot={plot} xLabel="Audit date (UTC)" />
        {[0, 50, 100].map((score) => (
          <>
            {score !== 0 && <line class="grid" x1={LEFT} y1={yOf(score)} x2={WIDTH - RIGHT} y2={yOf(score)} />}
            <text class="tick" x={LEFT - 6} y={yOf(score)} text-anchor="end" dominant-baseline="middle">
              {score}
            </text>
          </>
        ))}
        <polyline fill="none" stroke="#0550ae" stroke-width="2" points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")} />
        {points.map((p, i) => (
          <>
            <circle cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r="3.5" fill="#0550ae">
              <title>{`${p.row.score}/100 on ${formatUtc(p.row.generatedAt)}`}</title>
            </circle>
            <text class="count" x={p.x.toFixed(1)} y={(p.y - 7).toFixed(1)} text-anchor="middle">
              {p.row.score}
            </text>
            {dated(i) && (
              <text class="tick" x={p.x.toFixed(1)} y={baseline + 16} text-anchor={i === 0 ? "start" : i === scored.length - 1 ? "end" : "middle"}>
                {dayOf(p.row.generatedAt)}
              </text>
            )}
          </>
        ))}
      </svg>
      <ChartTable caption="Score of each audit" columns={["Audited", "Score"]} rows={scored.map((row) => [formatUtc(row.generatedAt), row.score!])} />
    </figure>
  );
};

export interface SinceLastAudit {
  scoreDelta: number;
  newlyFailing: string[];
  newlyFixed: string[];
}

const TitleList = ({ label, titles }: { label: string; titles: string[] }) =>
  titles.length === 0 ? null : (
    <>
      <h3>{label}</h3>
      <ul>
        {titles.map((title) => (
          <li>{title}</li>
        ))}
      </ul>
    </>
  );

/** The score trend and what changed since the previous completed audit, by check title. */
export const HistorySection = ({ rows, since }: { rows: HistoryRow[]; since: SinceLastAudit | null }) => {
  if (rows.length < 2 || !since) return null;
  const delta = since.scoreDelta === 0 ? "unchanged" : since.scoreDelta > 0 ? `up ${since.scoreDelta}` : `down ${-since.scoreDelta}`;
  return (
    <section class="history" aria-labelledby="history-heading">
      <h2 id="history-heading">Since the last audit</h2>
      <p>
        Score {delta}.
        {since.newlyFailing.length === 0 && since.newlyFixed.length === 0 && " No check changed."}
      </p>
      <TitleList label="Newly failing" titles={since.newlyFailing} />
      <TitleList label="Newly fixed" titles={since.newlyFixed} />
      <ScoreTrend rows={rows} />
    </section>
  );
};
