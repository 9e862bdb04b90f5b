import { assetText, type AssetText } from "./asset-text";

/**
 * axe-core's source for the rendered page (docs/rendering.md, "The accessibility tree for agents"). It is a static
 * asset of the Worker (asset-text.ts), not part of its script: ~650 KB that only the browser runs would otherwise ride
 * in every cold start.
 */
export type AxeSource = AssetText;

export const assetAxeSource = (assets: Fetcher | undefined): AxeSource => assetText(assets, "axe.min.js");
