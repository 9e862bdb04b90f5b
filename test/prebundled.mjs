import { builtinModules } from "node:module";

// The bare imports the workerd projects pre-bundle with Vite's optimizer (vitest.config.ts `inWorkerd`). Every workerd
// start loads the module graph into a fresh isolate, one module a message from vitest's process: the dependencies
// bundled once are about half the messages of their files one by one (a workerd file's start ~1/3 shorter,
// docs/testing.md). Every bare import of the Worker and of the tests run in workerd is listed, subpaths included: a
// subpath left out would load its package's files beside the bundle, two copies of one module (hono's HTTPException,
// zod's classes) whose instanceof checks would no longer meet. `npm run lint:prebundled` walks the imports and fails on
// one missing here.
export const prebundled = [
  ...["hono", "hono/factory", "hono/utils/http-status", "hono/jsx", "hono/jsx/jsx-runtime", "hono/cookie", "hono/body-limit", "hono/http-exception"],
  ...["zod", "zod/mini", "drizzle-orm", "drizzle-orm/sqlite-core", "drizzle-orm/d1", "@hono/zod-openapi", "@hono/zod-validator"],
  ...["@hono/mcp", "@scalar/hono-api-reference", "linkedom", "htmlparser2", "ipaddr.js"],
  ...["@modelcontextprotocol/sdk/types.js", "@modelcontextprotocol/sdk/server/mcp.js", "@modelcontextprotocol/sdk/validation/types.js"],
  ...["@modelcontextprotocol/sdk/shared/protocol.js", "@modelcontextprotocol/sdk/client/streamableHttp.js", "@modelcontextprotocol/sdk/client/index.js"],
  // The tests' own: the reference validators they compare against, property tests, the stock linkedom.
  ...["standardwebhooks", "fast-xml-parser", "ajv/dist/2020", "ajv-formats", "@marbec/web-auto-extractor", "@adobe/structured-data-validator"],
  ...["linkedom-stock", "fast-check"],
  // The browser client (~130 modules, ~0.8 MB, and `ws`), which the Worker imports for rendering: one module a start,
  // not 130 (its Node built-ins stay outside the bundle: `optimizerExternal` below).
  "@cloudflare/puppeteer",
];

/** Bare imports workerd loads that stay out of the bundle: vitest and the runtime's own modules. */
export const notPrebundled = ["vitest"];

/**
 * Left out of the bundles: Node's built-ins, which @cloudflare/puppeteer imports on paths the Worker never takes (file
 * uploads, screenshots to disk) and the optimizer cannot load. Until 29 Nov 2026 that kept the whole package out of
 * the bundles, loaded file by file at every workerd start.
 */
export const optimizerExternal = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** The test folders run in Node, not workerd (vitest.config.ts excludes them from the workerd projects). */
export const notInWorkerd = ["test/e2e/**", "test/cli/**", "test/lighthouse/**", "test/operations/**"];
