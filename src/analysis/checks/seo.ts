import type { Check } from "../types";
import { canonical } from "./canonical";
import { contentKeywords } from "./content-keywords";
import { crawlableAnchors } from "./crawlable-anchors";
import { favicon } from "./favicon";
import { headingOrder } from "./heading-order";
import { headValid } from "./head-valid";
import { headings } from "./headings";
import { hreflang } from "./hreflang";
import { httpStatus } from "./http-status";
import { imageAlt } from "./image-alt";
import { inPageLinks } from "./in-page-links";
import { indexable } from "./indexable";
import { language } from "./language";
import { linkText } from "./link-text";
import { metaDescription } from "./meta-description";
import { metaDescriptionLength } from "./meta-description-length";
import { metaDescriptionSingle } from "./meta-description-single";
import { notFoundPage } from "./not-found-page";
import { richResults } from "./rich-results";
import { robotsTxtAllowed } from "./robots-txt-allowed";
import { robotsTxtValid } from "./robots-txt-valid";
import { seoFriendlyUrl } from "./seo-friendly-url";
import { title } from "./title";

/** The seo checks, in their specified order. Adding a check: one file beside this one, one line here. */
export const seoChecks: readonly Check[] = [
  title,
  metaDescription,
  metaDescriptionSingle,
  metaDescriptionLength,
  headings,
  headingOrder,
  contentKeywords,
  imageAlt,
  seoFriendlyUrl,
  notFoundPage,
  robotsTxtAllowed,
  robotsTxtValid,
  indexable,
  httpStatus,
  inPageLinks,
  linkText,
  crawlableAnchors,
  language,
  hreflang,
  canonical,
  favicon,
  headValid,
  richResults,
];
