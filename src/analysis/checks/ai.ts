import type { Check } from "../types";
import { agentAccessibilityTree } from "./agent-accessibility-tree";
import { aiCrawlersCheck } from "./ai-crawlers";
import { llmsTxt } from "./llms-txt";
import { markdownForAgents } from "./markdown-for-agents";
import { webmcpForms } from "./webmcp-forms";

/** The checks of what AI search and agents see, in their specified order. */
export const aiChecks: readonly Check[] = [agentAccessibilityTree, webmcpForms, markdownForAgents, llmsTxt, aiCrawlersCheck];
