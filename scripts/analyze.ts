/**
 * `npm run analyze -- <url> [--allow-private]`: analyses one page from this machine, with Node's fetch,
 * and prints the report JSON (score, result, issues, then every check's verdict).
 * Limits come from the same vars as the Worker (process.env, else the wrangler.toml defaults);
 * private targets and other ports are refused unless --allow-private is given.
 */
import { analyzePage } from "../src/analysis/analyze";
import { analysisOptionsFromEnv } from "../src/analysis/settings";

const args = process.argv.slice(2);
const allowPrivate = args.includes("--allow-private");
const urls = args.filter((arg) => !arg.startsWith("--"));

if (urls.length !== 1 || args.includes("--help")) {
  console.error("Usage: npm run analyze -- <url> [--allow-private]");
  process.exit(2);
}

const url = urls[0]!;
const options = { ...analysisOptionsFromEnv(process.env), allowPrivateTargets: allowPrivate };
const outcome = await analyzePage(url, options);

if (!outcome.ok) {
  console.log(JSON.stringify({ url, error: { code: outcome.code, message: outcome.message }, temporary: outcome.temporary }, null, 2));
  process.exit(1);
}

const { finalUrl, score, result, issues, results } = outcome;
console.log(JSON.stringify({ url, final_url: finalUrl, score, result, issues, results }, null, 2));
