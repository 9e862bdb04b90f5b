import { env } from "cloudflare:workers";

/**
 * axe-core's source for the rendered page (docs/rendering.md, "The accessibility tree for agents"). It is a static
 * asset of the Worker (wrangler.toml `[assets]`), not part of its script: ~650 KB that only the browser runs would
 * otherwise ride in every cold start. Read from the module's `env` rather than passed down, so the render pool and
 * the consumer keep their signatures; once per isolate, and again after a failed read.
 */
let cached: Promise<string | null> | null = null;

export function axeSource(): Promise<string | null> {
  cached ??= readAsset().then((source) => {
    if (source === null) cached = null;
    return source;
  });
  return cached;
}

async function readAsset(): Promise<string | null> {
  const assets = (env as Partial<Env>).ASSETS;
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
