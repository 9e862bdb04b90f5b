import type { Check } from "../types";
import { renderedCanonical } from "./rendered-canonical";
import { renderedContent } from "./rendered-content";
import { renderedH1 } from "./rendered-h1";
import { renderedLinks } from "./rendered-links";
import { renderedMetaDescription } from "./rendered-meta-description";
import { renderedRobots } from "./rendered-robots";
import { renderedTitle } from "./rendered-title";
import { scriptErrors } from "./script-errors";

/** The rendering checks (docs/rendering.md), in their specified order: raw against rendered. Only a rendered audit runs them. */
export const renderingChecks: readonly Check[] = [
  renderedTitle,
  renderedMetaDescription,
  renderedH1,
  renderedCanonical,
  renderedRobots,
  renderedLinks,
  renderedContent,
  scriptErrors,
];
