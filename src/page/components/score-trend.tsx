import type { HistoryRow } from "../../db/schema";
import { formatUtc } from "./report-view";

const WIDTH = 600;
const HEIGHT = 120;
const PAD = 10;

/** The score over the last completed generations as a static SVG line (no script), oldest on the left. */
export const ScoreTrend = ({ rows }: { rows: HistoryRow[] }) => {
  const scored = rows.filter((row) => row.score !== null);
  if (scored.length < 2) return null;
  const step = (WIDTH - 2 * PAD) / (scored.length - 1);
  const points = scored.map((row, i) => ({ x: PAD + i * step, y: PAD + ((100 - row.score!) / 100) * (HEIGHT - 2 * PAD), row }));
  const first = scored[0]!;
  const last = scored.at(-1)!;
  const summary = `Score over the last ${scored.length} audits: from ${first.score} on ${formatUtc(first.generatedAt)} to ${last.score} on ${formatUtc(last.generatedAt)}.`;
  return (
    <svg class="trend" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={summary}>
      <title>{summary}</title>
      <line x1={PAD} y1={HEIGHT / 2} x2={WIDTH - PAD} y2={HEIGHT / 2} stroke="#d0d7de" stroke-dasharray="4 4" />
      <polyline fill="none" stroke="#0550ae" stroke-width="2" points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")} />
      {points.map((p) => (
        <circle cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r="3.5" fill="#0550ae">
          <title>{`${p.row.score}/100 on ${formatUtc(p.row.generatedAt)}`}</title>
        </circle>
      ))}
    </svg>
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
