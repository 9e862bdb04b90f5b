/**
 * `npm run build`: dist/ for the package and the command line, built by esbuild (no TypeScript at run time).
 * - dist/index.js + dist/analysis.js (+ a shared chunk): ESM for Workers, Node and browsers. linkedom,
 *   and ipaddr.js are bundled in, so the code that ships is the (patched) code tested here;
 *   Hono, Drizzle and zod (and the Hono packages over them: the validator, OpenAPI routes, the API reference) stay
 *   imports, shared with the host app that mounts the API. The MCP SDK and @hono/mcp are bundled in (without
 *   the parts /mcp never runs, see docs/mcp.md); their `zod/v4` imports stay imports of the host's zod.
 * - dist/cli.js: the `pagegrade` executable for plain `node`, a launcher that turns on Node's compile cache and
 *   loads dist/cli-main.js, the whole command in one self-contained file.
 * - dist/types/: .d.ts from tsc (declarations only, no type check: `npm run typecheck` does that).
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const shared = {
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  target: "es2022",
  legalComments: "none",
  logLevel: "warning",
  // linkedom tries require("canvas") and falls back to its shim: ship the shim, not a require a Worker cannot resolve.
  // The MCP SDK's ajv, zod 3 and zod-to-json-schema are never run here: the same stand-ins as wrangler.toml's [alias].
  alias: {
    canvas: "./node_modules/linkedom/commonjs/canvas-shim.cjs",
    ajv: "./src/build-stubs/ajv.ts",
    "ajv-formats": "./src/build-stubs/ajv.ts",
    "zod/v3": "./src/build-stubs/zod-v3.ts",
    "zod-to-json-schema": "./src/build-stubs/zod-to-json-schema.ts",
    // Exports only "browser" and "node" builds, neither of which the neutral platform picks; @hono/mcp's OAuth
    // router imports it and is then shaken out.
    "pkce-challenge": "./node_modules/pkce-challenge/dist/index.browser.js",
  },
};

const node = { ...shared, outdir: "dist", platform: "node", target: "node20" };
const cli = () =>
  Promise.all([
    build({ ...node, entryPoints: { cli: "src/cli/bin.ts" }, banner: { js: "#!/usr/bin/env node" } }),
    build({ ...node, entryPoints: { "cli-main": "src/cli/main.ts" }, define: { PAGEGRADE_VERSION: JSON.stringify(version) }, minify: true }),
  ]);

const library = () =>
  build({
    ...shared,
    entryPoints: { index: "src/lib.ts", analysis: "src/analysis/index.ts" },
    outdir: "dist",
    splitting: true,
    platform: "neutral",
    mainFields: ["module", "main"],
    // node:zlib (results storage) comes from the host Worker's nodejs_compat; `./analysis` imports no built-in.
    // @cloudflare/puppeteer (rendered audits) is a dependency the host Worker installs: bundled here, its Node-only
    // dependencies (debug, ws) would not resolve on the neutral platform.
    external: [
      "hono", "hono/*", "drizzle-orm", "drizzle-orm/*", "zod", "zod/*", "@hono/zod-validator", "@hono/zod-openapi", "@scalar/hono-api-reference", "@cloudflare/puppeteer", "node:*",
    ],
  });

const declarations = () =>
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", `${root}tsconfig.build.json`], { stdio: "inherit" });

// `--cli`: the executable alone, in well under a second (the CLI tests build it this way).
if (process.argv.includes("--cli")) {
  await cli();
} else {
  rmSync(`${root}dist`, { recursive: true, force: true });
  await Promise.all([cli(), library()]);
  declarations();
}
