import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { labMetrics } from "./experience-helpers";

/**
 * Lighthouse 13.5's `total-byte-weight` passes (score at least 0.9) at its scoring curve's p10, 2,667 KiB
 * (core/audits/byte-efficiency/total-byte-weight.js): the same line for every byte the rendered page transferred.
 */
export const MAX_PAGE_WEIGHT_BYTES = 2667 * 1024;

export const pageWeight: Check = {
  id: "page_weight",
  category: "performance",
  importance: "low",
  title: "The page and everything it loads weigh at most 2,667 KiB",
  fix: "Transfer less: compress and resize images (WebP or AVIF), drop unused JavaScript and CSS, subset fonts, and load below-the-fold media lazily. The heaviest resource types are listed below.",
  readsDom: false,
  run(page) {
    const lab = labMetrics(page);
    if ("verdict" in lab) return lab.verdict;
    const { bytes, bytes_by_type: byType, requests, device } = lab.metrics;
    const value = { bytes, by_type: byType, requests, device };
    return bytes <= MAX_PAGE_WEIGHT_BYTES ? pass(value) : fail(value, { too_heavy: { bytes, max_bytes: MAX_PAGE_WEIGHT_BYTES } });
  },
};
