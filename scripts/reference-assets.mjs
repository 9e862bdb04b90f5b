/**
 * The Worker's static assets (wrangler.toml [assets], directory public/, not in git): the API reference's script,
 * Scalar's standalone bundle at the version package-lock.json pins. GET /api/v1/docs loads it from the Worker, so the
 * reference works offline and its CSP allows no other origin. Run by postinstall; `node scripts/reference-assets.mjs`
 * lays it again by hand.
 */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const BUNDLE = at("node_modules/@scalar/api-reference/dist/browser/standalone.js");
export const REFERENCE_SCRIPT = at("public/api-reference/standalone.js");

export function copyReferenceAssets() {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm ci (or did @scalar/api-reference move its bundle?)`);
  mkdirSync(dirname(REFERENCE_SCRIPT), { recursive: true });
  copyFileSync(BUNDLE, REFERENCE_SCRIPT);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) copyReferenceAssets();
