/**
 * axe-core's source for the rendered page (docs/rendering.md, "The accessibility tree for agents"). It is a static
 * asset of the Worker (wrangler.toml `[assets]`, laid in public/ by scripts/reference-assets.mjs), not part of its
 * script: ~650 KB that only the browser runs would otherwise ride in every cold start. The queue's entry hands the
 * ASSETS binding down; the source is read once per isolate, and again after a failed read.
 */
export type AxeSource = () => Promise<string | null>;

let cached: Promise<string | null> | null = null;

export function assetAxeSource(assets: Fetcher | undefined): AxeSource {
  return () => {
    cached ??= readAsset(assets).then((source) => {
      if (source === null) cached = null;
      return source;
    });
    return cached;
  };
}

async function readAsset(assets: Fetcher | undefined): Promise<string | null> {
  if (!assets) return null;
  try {
    const response = await assets.fetch("https://assets.invalid/axe.min.js");
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return await response.text();
  } catch (error) {
    console.error("axe-core asset unreadable", String(error));
    return null;
  }
}
