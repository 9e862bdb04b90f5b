/**
 * A static asset of the Worker (wrangler.toml `[assets]`, laid in public/ by scripts/reference-assets.mjs) as text:
 * what is read often but must not ride in the Worker's script (axe-core, the schema.org table). Read through the
 * ASSETS binding the queue's entry hands down, once per isolate per file, and again after a failed read.
 */
export type AssetText = () => Promise<string | null>;

const cache = new Map<string, Promise<string | null>>();

export function assetText(assets: Fetcher | undefined, file: string): AssetText {
  return () => {
    let cached = cache.get(file);
    if (!cached) {
      cached = readAsset(assets, file).then((text) => {
        if (text === null) cache.delete(file);
        return text;
      });
      cache.set(file, cached);
    }
    return cached;
  };
}

async function readAsset(assets: Fetcher | undefined, file: string): Promise<string | null> {
  if (!assets) return null;
  try {
    const response = await assets.fetch(`https://assets.invalid/${file}`);
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return await response.text();
  } catch (error) {
    console.error("static asset unreadable", file, String(error));
    return null;
  }
}
