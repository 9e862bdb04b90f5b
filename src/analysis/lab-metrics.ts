import type { Device } from "./lab-device";
import type { LabMetrics, LabElement } from "./types";

/**
 * The lab metrics of a rendered page (docs/analysis.md "Page experience"): Google's `web-vitals` library (its
 * attribution build, served from the Worker's assets like axe-core) for LCP, CLS, FCP and TTFB, a `longtask` observer
 * for TBT, `layout-shift` entries for the elements that moved, Resource Timing for bytes and requests. Both renderers
 * inject `labScript(webVitals)` before the page's own scripts and evaluate `LAB_READ` once the DOM was read.
 */

/** The opening tag of an element is cut to this many characters, as axe's snippets are. */
const SNIPPET_MAX = 200;
/** The largest layout shifts kept with their elements. */
export const MAX_SHIFTS = 5;
/** A task blocks for whatever it runs past this (Lighthouse's TBT). */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * The collector, as source text (bundlers rename and wrap functions). Top frame only. Selectors are Lighthouse's
 * `getNodeSelector` (tag, then #id or the first class, at most four levels), so our LCP element reads as Lighthouse's.
 */
const COLLECTOR = `(webVitals, snippetMax) => {
  if (window.top !== window) return;
  const selector = (element) => {
    const part = (node) => node.tagName.toLowerCase() + (node.id ? "#" + node.id : node.classList.length > 0 ? "." + node.classList[0] : "");
    const parts = [];
    let node = element;
    while (parts.length < 4) {
      parts.unshift(part(node));
      if (!node.parentElement) break;
      node = node.parentElement;
      if (node.tagName === "HTML") break;
    }
    return parts.join(" > ");
  };
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return null;
    const html = node.outerHTML || "";
    const end = html.indexOf(">");
    const open = end === -1 ? html : html.slice(0, end + 1);
    return { selector: selector(node), snippet: open.length > snippetMax ? open.slice(0, snippetMax - 1) + "\\u2026" : open };
  };
  const state = { lcp: null, lcpElement: null, cls: 0, fcp: null, ttfb: null, tasks: [], shifts: [] };
  Object.defineProperty(window, "__pagegradeLab", { value: state, enumerable: false });
  try { performance.setResourceTimingBufferSize(2000); } catch (error) {}
  const all = { reportAllChanges: true };
  webVitals.onLCP((metric) => {
    state.lcp = metric.value;
    const entry = metric.attribution && metric.attribution.lcpEntry;
    state.lcpElement = (entry && describe(entry.element)) || (metric.attribution && metric.attribution.target ? { selector: metric.attribution.target, snippet: "" } : null);
  }, all);
  webVitals.onCLS((metric) => { state.cls = metric.value; }, all);
  webVitals.onFCP((metric) => { state.fcp = metric.value; }, all);
  webVitals.onTTFB((metric) => { state.ttfb = metric.value; }, all);
  const observe = (type, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); } catch (error) {}
  };
  observe("longtask", (entry) => { state.tasks.push({ start: entry.startTime, duration: entry.duration }); });
  observe("layout-shift", (entry) => {
    if (entry.hadRecentInput) return;
    const elements = (entry.sources || []).map((source) => describe(source.node)).filter(Boolean).slice(0, 3);
    state.shifts.push({ score: entry.value, at: entry.startTime, elements });
  });
}`;

/** The script both renderers inject before the page's scripts: web-vitals' IIFE kept local, then the collector. */
export const labScript = (webVitalsSource: string) => `(function () {\n${webVitalsSource}\n;(${COLLECTOR})(webVitals, ${SNIPPET_MAX});\n})();`;

/**
 * Read once the DOM was read (awaited): first a frame is let through, at most 500 ms, so a paint held back by a busy
 * main thread is counted; then LCP and CLS are finished the way web-vitals requires, the page turning hidden
 * (visibilityState faked for that event, then put back), and the rest gathered.
 */
export const LAB_READ = `(async () => {
  const state = window.__pagegradeLab;
  if (!state) return null;
  await new Promise((resolve) => {
    setTimeout(resolve, 500);
    requestAnimationFrame(() => requestAnimationFrame(resolve));
  });
  try {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  } finally {
    delete document.visibilityState;
  }
  const kind = (entry) => {
    const type = String(entry.contentType || "").toLowerCase();
    const url = String(entry.name || "").toLowerCase().split(/[?#]/)[0];
    if (/^image\\//.test(type) || /\\.(png|jpe?g|gif|webp|avif|svg|ico|bmp)$/.test(url) || entry.initiatorType === "img" || entry.initiatorType === "image") return "image";
    if (/javascript|ecmascript/.test(type) || /\\.m?js$/.test(url) || entry.initiatorType === "script") return "script";
    if (/text\\/css/.test(type) || /\\.css$/.test(url)) return "stylesheet";
    if (/font/.test(type) || /\\.(woff2?|ttf|otf|eot)$/.test(url)) return "font";
    if (/^(video|audio)\\//.test(type) || entry.initiatorType === "video" || entry.initiatorType === "audio") return "media";
    if (/html/.test(type) || entry.initiatorType === "iframe") return "document";
    if (entry.initiatorType === "fetch" || entry.initiatorType === "xmlhttprequest" || entry.initiatorType === "beacon") return "xhr";
    return "other";
  };
  const size = (entry) => entry.transferSize || entry.encodedBodySize || 0;
  const byType = {};
  const add = (type, bytes) => { byType[type] = (byType[type] || 0) + bytes; };
  const navigation = performance.getEntriesByType("navigation")[0];
  if (navigation) add("document", size(navigation));
  // The browser's own request for /favicon.ico (no <link rel=icon> asked for it) is not the page's weight; Chromium
  // lists it with initiator "other", where a page's icon link would say "link".
  const resources = performance.getEntriesByType("resource").filter((entry) => !(entry.initiatorType === "other" && /^[^?#]*:\\/\\/[^/]+\\/favicon\\.ico([?#]|$)/.test(entry.name)));
  for (const entry of resources) add(kind(entry), size(entry));
  return {
    lcp: state.lcp, lcpElement: state.lcpElement, cls: state.cls, fcp: state.fcp, ttfb: state.ttfb,
    tasks: state.tasks.slice(0, 500), shifts: state.shifts.slice().sort((a, b) => b.score - a.score).slice(0, ${MAX_SHIFTS}),
    byType, requests: resources.length + (navigation ? 1 : 0), domElements: document.getElementsByTagName("*").length,
    now: performance.now(),
  };
})()`;

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null);
const ms = (value: unknown) => {
  const n = finite(value);
  return n === null ? null : Math.round(n);
};
const text = (value: unknown, max: number) => String(value ?? "").slice(0, max);

function element(raw: unknown): LabElement | null {
  if (!raw || typeof raw !== "object") return null;
  const { selector, snippet } = raw as Record<string, unknown>;
  return selector ? { selector: text(selector, 300), snippet: text(snippet, SNIPPET_MAX) } : null;
}

/**
 * Total Blocking Time as Lighthouse computes it (core/computed/metrics/tbt-utils.js): each long task clipped to the
 * window from FCP to the end of the measurement, counted for its time past 50 ms.
 */
export function totalBlockingTime(tasks: { start: number; duration: number }[], fcpMs: number, endMs: number): number {
  let sum = 0;
  for (const task of tasks) {
    const end = task.start + task.duration;
    if (end < fcpMs || task.start > endMs) continue;
    const clipped = Math.min(end, endMs) - Math.max(task.start, fcpMs);
    if (clipped > BLOCKING_THRESHOLD_MS) sum += clipped - BLOCKING_THRESHOLD_MS;
  }
  return sum;
}

/** What LAB_READ returned is the page's world: only the expected fields, as numbers and short strings. */
export function labMetricsFrom(raw: unknown, device: Device): LabMetrics | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const tasks = (Array.isArray(r.tasks) ? r.tasks : [])
    .map((t) => ({ start: finite((t as Record<string, unknown>)?.start), duration: finite((t as Record<string, unknown>)?.duration) }))
    .filter((t): t is { start: number; duration: number } => t.start !== null && t.duration !== null);
  const fcp = finite(r.fcp);
  const end = finite(r.now) ?? Infinity;
  const shifts = (Array.isArray(r.shifts) ? r.shifts : []).slice(0, MAX_SHIFTS).map((s) => {
    const shift = (s ?? {}) as Record<string, unknown>;
    const elements = (Array.isArray(shift.elements) ? shift.elements : []).map(element).filter((e): e is LabElement => e !== null).slice(0, 3);
    return { score: Math.round((finite(shift.score) ?? 0) * 10_000) / 10_000, at_ms: ms(shift.at) ?? 0, elements };
  });
  const byType: Record<string, number> = {};
  for (const [type, bytes] of Object.entries((r.byType ?? {}) as Record<string, unknown>)) {
    const n = ms(bytes);
    if (n !== null && /^[a-z]{1,20}$/.test(type)) byType[type] = n;
  }
  const blocking = tasks.filter((t) => fcp !== null && t.start + t.duration >= fcp);
  return {
    device,
    lcp_ms: ms(r.lcp),
    lcp_element: element(r.lcpElement),
    cls: Math.round((finite(r.cls) ?? 0) * 10_000) / 10_000,
    layout_shifts: shifts,
    fcp_ms: ms(fcp),
    ttfb_ms: ms(r.ttfb),
    tbt_ms: fcp === null ? 0 : Math.round(totalBlockingTime(tasks, fcp, end)),
    long_tasks: blocking.length,
    longest_task_ms: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    bytes: Object.values(byType).reduce((a, b) => a + b, 0),
    bytes_by_type: byType,
    requests: ms(r.requests) ?? 0,
    dom_elements: ms(r.domElements) ?? 0,
  };
}
