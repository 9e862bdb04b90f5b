import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

let cached: Promise<string | null> | null = null;

/** axe-core's source from the installed dependency, read once per command, on the first rendered page. */
export function axeSource(): Promise<string | null> {
  cached ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8").catch(() => null);
  return cached;
}
