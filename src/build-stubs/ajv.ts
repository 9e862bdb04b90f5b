// Build-time stand-in for ajv and ajv-formats (the `[alias]` of wrangler.toml and scripts/build.mjs): the SDK's
// server needs them only to check elicitation answers, which pagegrade never requests; src/mcp/server.ts passes its
// own validator, so none is ever built. Keeps ~140 KiB of minified code out of the Worker (docs/mcp.md).
export default function ajvNotBundled(): never {
  throw new Error("ajv is not bundled in pagegrade");
}
