import { rate, thresholds, type Rating } from "../../analysis/checks/experience-helpers";
import type { LabMetrics } from "../../analysis/types";
import { resultColours } from "../palette";

const ratingWords: Record<Rating, string> = { good: "Good", needs_improvement: "Needs improvement", poor: "Poor" };
const ratingColours: Record<Rating, string> = { good: resultColours.good, needs_improvement: resultColours.decent, poor: resultColours.bad };

interface Vital {
  name: string;
  value: number;
  shown: string;
  limits: { good: number; poor: number };
  unit: (n: number) => string;
}

const WIDTH = 240;

/**
 * One vital as a bar (colours as SVG attributes: the page's CSP admits no inline style): the good / needs improvement / poor bands drawn at Google's thresholds, the value as a marker,
 * and the rating in words beside it (never colour alone).
 */
function Gauge({ vital }: { vital: Vital }) {
  const rating = rate(vital.value, vital.limits);
  const max = vital.limits.poor * 1.5;
  const x = (n: number) => Math.round((Math.min(n, max) / max) * WIDTH);
  const label = `${vital.name} ${vital.shown}: ${ratingWords[rating]} (good up to ${vital.unit(vital.limits.good)}, poor over ${vital.unit(vital.limits.poor)})`;
  return (
    <li class="vital">
      <svg width={WIDTH} height="28" viewBox={`0 0 ${WIDTH} 28`} role="img" aria-label={label}>
        <rect x="0" y="8" width={x(vital.limits.good)} height="8" fill={ratingColours.good} opacity="0.35" />
        <rect x={x(vital.limits.good)} y="8" width={x(vital.limits.poor) - x(vital.limits.good)} height="8" fill={ratingColours.needs_improvement} opacity="0.35" />
        <rect x={x(vital.limits.poor)} y="8" width={WIDTH - x(vital.limits.poor)} height="8" fill={ratingColours.poor} opacity="0.35" />
        <rect x={Math.max(x(vital.value) - 2, 0)} y="2" width="4" height="20" fill={ratingColours[rating]} />
      </svg>
      <span>
        <strong>{vital.name}</strong> {vital.shown} · {ratingWords[rating]}
      </span>
    </li>
  );
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);

/** The report page's "Page experience": the lab vitals of a rendered report (docs/analysis.md "Page experience"). */
export function ExperienceSection({ metrics }: { metrics: LabMetrics }) {
  const vitals: Vital[] = [
    ...(metrics.lcp_ms === null ? [] : [{ name: "LCP", value: metrics.lcp_ms, shown: ms(metrics.lcp_ms), limits: thresholds.lcp, unit: ms }]),
    { name: "CLS", value: metrics.cls, shown: String(metrics.cls), limits: thresholds.cls, unit: String },
    { name: "TBT", value: metrics.tbt_ms, shown: ms(metrics.tbt_ms), limits: thresholds.tbt, unit: ms },
  ];
  return (
    <section class="experience" aria-labelledby="experience-heading">
      <h2 id="experience-heading">Page experience</h2>
      <p class="muted">Measured in the browser as a {metrics.device === "mobile" ? "mobile phone on Slow 4G with a 4x slower CPU" : "desktop, unthrottled"} (lab data).</p>
      <ul class="vitals">
        {vitals.map((vital) => (
          <Gauge vital={vital} />
        ))}
      </ul>
      {metrics.lcp_element && (
        <p>
          Largest element: <code>{metrics.lcp_element.selector}</code>
        </p>
      )}
      <p class="muted">
        FCP {metrics.fcp_ms === null ? "–" : ms(metrics.fcp_ms)} · TTFB {metrics.ttfb_ms === null ? "–" : ms(metrics.ttfb_ms)} · {Math.round(metrics.bytes / 1024)} KiB in {metrics.requests} requests · {metrics.dom_elements} elements
      </p>
    </section>
  );
}
