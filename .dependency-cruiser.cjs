// The layering rule (`npm run lint:layers`, part of `npm test`): every import in src/ points down this list, and
// nothing imports in a circle, type-only imports included. docs/architecture.md explains each layer.
// Within one layer files may import each other (the cycle rule still holds there).
/** @type {{ name: string; paths: string[] }[]} top first */
const layers = [
  { name: "entry", paths: ["src/lib\\.ts$", "src/index\\.ts$"] },
  { name: "app", paths: ["src/app\\.ts$", "src/openapi\\.ts$", "src/api-reference\\.ts$", "src/api/"] },
  { name: "surfaces", paths: ["src/cli/", "src/routes/", "src/mcp/"] },
  { name: "consumers-and-pages", paths: ["src/queue/", "src/page/"] },
  { name: "crawls", paths: ["src/crawls/"] },
  { name: "reports", paths: ["src/reports/"] },
  { name: "history", paths: ["src/history/"] },
  { name: "webhooks", paths: ["src/webhooks/"] },
  { name: "projects", paths: ["src/projects/"] },
  { name: "render", paths: ["src/render/"] },
  { name: "field", paths: ["src/field/"] },
  { name: "targets", paths: ["src/targets/"] },
  { name: "http", paths: ["src/http/"] },
  { name: "schedules-and-accounts", paths: ["src/schedules/", "src/accounts/"] },
  { name: "env", paths: ["src/env\\.ts$", "src/queues\\.ts$"] },
  { name: "db", paths: ["src/db/"] },
  { name: "foundations", paths: ["src/site/", "src/analysis/", "src/crypto/", "src/config\\.ts$", "src/build-stubs/"] },
];

const anyOf = (paths) => `^(${paths.join("|")})`;

// Layer i may not import from any layer above it (0..i-1).
const upRules = layers.slice(1).map((layer, i) => ({
  name: `no-import-up-from-${layer.name}`,
  comment: `${layer.name} may only import from layers below it: ${layers
    .slice(i + 2)
    .map((l) => l.name)
    .join(", ")}`,
  severity: "error",
  from: { path: anyOf(layer.paths) },
  to: { path: anyOf(layers.slice(0, i + 1).flatMap((l) => l.paths)) },
}));

const everyLayer = anyOf(layers.flatMap((l) => l.paths));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports, type-only imports included.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    ...upRules,
    {
      name: "every-file-in-a-layer",
      comment: "A new top-level file or folder in src/ needs a place in the layer list of .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^src/", pathNot: everyLayer },
    },
    {
      name: "layered-files-only",
      comment: "A new top-level file or folder in src/ needs a place in the layer list of .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^src/", pathNot: everyLayer },
      to: {},
    },
  ],
  options: {
    // Type-only imports are edges too: a circle of types is still a circle a reader has to untangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    includeOnly: "^src/",
  },
};
