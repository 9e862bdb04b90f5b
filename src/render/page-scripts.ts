import { assetText, type AssetText } from "./asset-text";

/**
 * What rendered audits run in the page, as static assets of the Worker (asset-text.ts), not part of its script:
 * axe-core (~650 KB, agent_accessibility_tree, docs/rendering.md) and web-vitals' attribution build (the lab
 * metrics, docs/analysis.md "Page experience"); only the browser runs them, so they stay out of every cold start.
 */
export interface PageScripts {
  axe: AssetText;
  webVitals: AssetText;
}

export const assetPageScripts = (assets: Fetcher | undefined): PageScripts => ({
  axe: assetText(assets, "axe.min.js"),
  webVitals: assetText(assets, "web-vitals.attribution.iife.js"),
});
