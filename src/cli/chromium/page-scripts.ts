import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const cached = new Map<string, Promise<string | null>>();

/**
 * A script of an installed dependency, read once per command, on the first rendered page that needs it: `file` beside
 * what `specifier` resolves to, for a file the package's exports do not name.
 */
const installed = (specifier: string, file?: string) => (): Promise<string | null> => {
  let text = cached.get(specifier);
  if (!text) {
    text = Promise.resolve()
      .then(() => {
        const resolved = createRequire(import.meta.url).resolve(specifier);
        return readFile(file ? join(dirname(resolved), file) : resolved, "utf8");
      })
      .catch(() => null);
    cached.set(specifier, text);
  }
  return text;
};

/** axe-core, for agent_accessibility_tree (docs/rendering.md). */
export const axeSource = installed("axe-core/axe.min.js");
/** web-vitals' attribution build, for the lab metrics (docs/analysis.md "Page experience"). */
export const webVitalsSource = installed("web-vitals", "web-vitals.attribution.iife.js");
