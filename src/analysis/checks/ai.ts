import type { Check } from "../types";
import { aiCrawlersCheck } from "./ai-crawlers";
import { llmsTxt } from "./llms-txt";

/** The checks of what AI search and agents see, in their specified order. */
export const aiChecks: readonly Check[] = [llmsTxt, aiCrawlersCheck];
