import { rate, thresholds, type Rating } from "../../analysis/checks/experience-helpers";
import type { FieldFacts, LabMetrics } from "../../analysis/types";
import type { FieldView } from "../field-view";
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


/** What the browser measured: LCP, CLS and TBT as gauges, the LCP element, the other figures in a line. */
function LabPart({ metrics }: { metrics: LabMetrics }) {
  const vitals: Vital[] = [
    ...(metrics.lcp_ms === null ? [] : [{ name: "LCP", value: metrics.lcp_ms, shown: ms(metrics.lcp_ms), limits: thresholds.lcp, unit: ms }]),
    { name: "CLS", value: metrics.cls, shown: String(metrics.cls), limits: thresholds.cls, unit: String },
    { name: "TBT", value: metrics.tbt_ms, shown: ms(metrics.tbt_ms), limits: thresholds.tbt, unit: ms },
  ];
  return (
    <div class="experience-part" aria-labelledby="experience-lab-heading">
      <h3 id="experience-lab-heading">In the lab</h3>
      <p class="muted">Measured in the browser as a {metrics.device === "mobile" ? "mobile phone on Slow 4G with a 4x slower CPU" : "desktop, unthrottled"}.</p>
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
    </div>
  );
}

/** What real Chrome users saw (the Chrome UX Report's 75th percentiles): LCP, INP and CLS as gauges, where CrUX has them. */
function FieldPart({ field, of }: { field: FieldView; of: "page" | "site" }) {
  const { lcp_ms, inp_ms, cls: shift } = field.p75;
  const vitals: Vital[] = [
    ...(lcp_ms === null ? [] : [{ name: "LCP", value: lcp_ms, shown: ms(lcp_ms), limits: thresholds.lcp, unit: ms }]),
    ...(inp_ms === null ? [] : [{ name: "INP", value: inp_ms, shown: ms(inp_ms), limits: thresholds.inp, unit: ms }]),
    ...(shift === null ? [] : [{ name: "CLS", value: shift, shown: String(shift), limits: thresholds.cls, unit: String }]),
  ];
  const period = field.collection_period ? `, ${field.collection_period.first} to ${field.collection_period.last}` : "";
  return (
    <div class="experience-part" aria-labelledby="experience-field-heading">
      <h3 id="experience-field-heading">Real visitors</h3>
      <p class="muted">
        Chrome UX Report, 75th percentile of {field.form_factor === "DESKTOP" ? "desktop" : "phone"} visits to this {field.source === "url" ? "page" : of === "site" ? "site (its origin)" : "site (its origin: the page has too few visits of its own)"}
        {period}.
      </p>
      <ul class="vitals">
        {vitals.map((vital) => (
          <Gauge vital={vital} />
        ))}
      </ul>
      {inp_ms === null && <p class="muted">INP: too few interactions recorded; judged on LCP and CLS.</p>}
    </div>
  );
}

/**
 * The report page's "Page experience" (docs/analysis.md "Page experience"): the lab vitals of a rendered report and,
 * beside them, what real visitors saw when the Chrome UX Report has it; either alone when only one exists.
 */
export function ExperienceSection({ metrics, field }: { metrics: LabMetrics | null; field: FieldView | null }) {
  return (
    <section class="experience" aria-labelledby="experience-heading">
      <h2 id="experience-heading">Page experience</h2>
      <div class="experience-parts">
        {metrics && <LabPart metrics={metrics} />}
        {field && <FieldPart field={field} of="page" />}
      </div>
    </section>
  );
}

/**
 * The crawl page's "Page experience": the origin's field data the crawl asked once (the crawl resource's `field`),
 * or, when the Chrome UX Report had none or could not be asked, why; nothing when no key is set (nothing was asked).
 */
export function SiteExperienceSection({ field }: { field: FieldFacts | null }) {
  if (!field || (!field.ok && field.reason === "no_key")) return null;
  return (
    <section class="experience" aria-labelledby="experience-heading">
      <h2 id="experience-heading">Page experience</h2>
      {field.ok ? (
        <div class="experience-parts">
          <FieldPart field={field.record} of="site" />
        </div>
      ) : (
        <p class="muted">{field.message}</p>
      )}
    </section>
  );
}
