import type { Check } from "../types";
import { fail, pass } from "../verdict";

export const loadTime: Check = {
  id: "load_time",
  category: "performance",
  importance: "medium",
  title: "The HTML arrives quickly",
  fix: "Speed up the server response: cache pages, use a CDN, and cut slow work before the first byte.",
  readsDom: false,
  run(page) {
    const { ttfbMs, totalMs } = page.fetch;
    const max = page.settings.maxLoadTimeMs;
    const value = { ttfb_ms: Math.round(ttfbMs), total_ms: Math.round(totalMs) };
    if (totalMs <= max) return pass(value);
    return fail(value, { too_slow: { total_ms: value.total_ms, max_ms: max } });
  },
};
