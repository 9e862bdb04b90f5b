import type { Check } from "../types";
import { deferJavascript } from "./defer-javascript";
import { doctype } from "./doctype";
import { domSize } from "./dom-size";
import { httpRequests } from "./http-requests";
import { imageDimensions } from "./image-dimensions";
import { imageFormat } from "./image-format";
import { coreWebVitals } from "./core-web-vitals";
import { cumulativeLayoutShift } from "./cumulative-layout-shift";
import { largestContentfulPaint } from "./largest-contentful-paint";
import { loadTime } from "./load-time";
import { pageWeight } from "./page-weight";
import { totalBlockingTime } from "./total-blocking-time";
import { pageSize } from "./page-size";
import { textCompression } from "./text-compression";

/** The performance checks, in their specified order. Adding a check: one file beside this one, one line here. */
export const performanceChecks: readonly Check[] = [
  textCompression,
  loadTime,
  pageSize,
  httpRequests,
  imageFormat,
  imageDimensions,
  deferJavascript,
  domSize,
  doctype,
  largestContentfulPaint,
  cumulativeLayoutShift,
  totalBlockingTime,
  pageWeight,
  coreWebVitals,
];
