import type { Check } from "../types";
import { charset } from "./charset";
import { contentLength } from "./content-length";
import { deprecatedHtmlTags } from "./deprecated-html-tags";
import { inlineCss } from "./inline-css";
import { metaViewport } from "./meta-viewport";
import { openGraph } from "./open-graph";
import { sitemap } from "./sitemap";
import { social } from "./social";
import { structuredData } from "./structured-data";
import { structuredDataValid } from "./structured-data-valid";
import { textHtmlRatio } from "./text-html-ratio";
import { twitterCard } from "./twitter-card";

/** The miscellaneous checks, in their specified order. Adding a check: one file beside this one, one line here. */
export const miscellaneousChecks: readonly Check[] = [
  structuredData,
  structuredDataValid,
  metaViewport,
  charset,
  sitemap,
  social,
  openGraph,
  twitterCard,
  contentLength,
  textHtmlRatio,
  inlineCss,
  deprecatedHtmlTags,
];
