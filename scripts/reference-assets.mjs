/**
 * The Worker's static assets (wrangler.toml [assets], directory public/, not in git): the API reference's script,
 * Scalar's standalone bundle, and axe-core and web-vitals for rendered audits, at the versions package-lock.json pins; and the
 * schema.org table structured_data_valid and rich_results read (written from src/analysis/structured-data/vocabulary-data.ts,
 * so it is not Worker script). GET /api/v1/docs loads it from the Worker, so the
 * reference works offline and its CSP allows no other origin. Run by postinstall; `node scripts/reference-assets.mjs`
 * lays it again by hand.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const BUNDLE = at("node_modules/@scalar/api-reference/dist/browser/standalone.js");
export const REFERENCE_SCRIPT = at("public/api-reference/standalone.js");
/** axe-core, which rendered audits inject into the page (src/render/page-scripts.ts reads it through ASSETS). */
const AXE = at("node_modules/axe-core/axe.min.js");
export const AXE_SCRIPT = at("public/axe.min.js");
/** web-vitals' attribution build, which rendered audits inject for the lab metrics (src/render/page-scripts.ts). */
const WEB_VITALS = at("node_modules/web-vitals/dist/web-vitals.attribution.iife.js");
export const WEB_VITALS_SCRIPT = at("public/web-vitals.attribution.iife.js");

const VOCABULARY_MODULE = at("src/analysis/structured-data/vocabulary-data.ts");
export const VOCABULARY_ASSET = at("public/schema-vocabulary.txt");

/** The generated module's one string literal, as the plain text the Worker reads through ASSETS. */
export function writeVocabularyAsset() {
  const literal = /export const VOCABULARY = (".*");\s*$/s.exec(readFileSync(VOCABULARY_MODULE, "utf8"));
  if (!literal) throw new Error(`${VOCABULARY_MODULE} holds no VOCABULARY string: regenerate it`);
  mkdirSync(dirname(VOCABULARY_ASSET), { recursive: true });
  writeFileSync(VOCABULARY_ASSET, JSON.parse(literal[1]));
}

export function copyReferenceAssets() {
  for (const [from, to] of [[BUNDLE, REFERENCE_SCRIPT], [AXE, AXE_SCRIPT], [WEB_VITALS, WEB_VITALS_SCRIPT]]) {
    if (!existsSync(from)) throw new Error(`${from} is missing: run npm ci (or did its package move the file?)`);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  writeVocabularyAsset();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) copyReferenceAssets();
