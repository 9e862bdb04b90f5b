// npm run lint:tests (part of npm test): tests mirror src/. A test file at `test/<dir>/<name>.test.ts(x)` must name a
// `src/<dir>/<name>.ts(x)`, so a src file that moves or is renamed takes its tests with it, and a file's tests are
// found by its path. Tests of a feature across several files (scenarios) live in their folder's `scenarios/`;
// suites named for what they attack, and the tests' infrastructure, live in the folders below. Prints the share of
// src files that have their mirror test (`--by-folder`: per folder).
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
// Folders (at any depth under test/) whose tests are not the test of one src file.
const notMirrors = new Set(["scenarios", "helpers", "server", "fixtures", "e2e", "lighthouse", "fuzz", "security", "operations"]);
// Test files not yet sorted into a mirror or a scenarios/ folder, each in a folder being reorganised elsewhere (issue
// 32). An entry whose file no longer exists is named below so it can be dropped; a new file is never added here.
const notYetSorted = new Set([
  "test/cli/crawl.test.ts",
  "test/db/query-plan.test.ts",
  "test/http/api-contract.test.ts",
  "test/http/fields-resources.test.ts",
  "test/http/openapi-shape.test.ts",
  "test/queue/analysis-flow.test.ts",
  "test/queue/consumer-lanes.test.ts",
]);

const isTest = (name) => /\.test\.tsx?$/.test(name);
const isSource = (name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts");
const sourceOf = (test) => test.replace(/^test\//, "src/").replace(/\.test\.(tsx?)$/, "");
const hasSource = (stem) => existsSync(join(root, `${stem}.ts`)) || existsSync(join(root, `${stem}.tsx`));
const testOf = (source) => source.replace(/^src\//, "test/").replace(/\.tsx?$/, "");
const hasTest = (stem) => existsSync(join(root, `${stem}.test.ts`)) || existsSync(join(root, `${stem}.test.tsx`));

function filesUnder(folder, keep, skipFolder = () => false) {
  const found = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!skipFolder(entry.name)) found.push(...filesUnder(path, keep, skipFolder));
    } else if (keep(entry.name)) found.push(path);
  }
  return found;
}

const tests = filesUnder("test", isTest, (name) => notMirrors.has(name));
const strays = tests.filter((test) => !hasSource(sourceOf(test)) && !notYetSorted.has(test));
const gone = [...notYetSorted].filter((test) => !existsSync(join(root, test)));

const sources = filesUnder("src", isSource);
const byFolder = new Map();
for (const source of sources) {
  const folder = relative("src", dirname(source)) || ".";
  const tally = byFolder.get(folder) ?? { mirrored: 0, files: 0 };
  tally.files++;
  if (hasTest(testOf(source))) tally.mirrored++;
  byFolder.set(folder, tally);
}
const mirrored = [...byFolder.values()].reduce((sum, t) => sum + t.mirrored, 0);
const percent = (part, whole) => `${Math.round((100 * part) / whole)}%`;

if (process.argv.includes("--by-folder")) {
  for (const [folder, t] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) console.log(`  src/${folder}: ${t.mirrored}/${t.files}`);
}
if (gone.length > 0) console.log(`No longer there, drop from notYetSorted in scripts/check-test-mirror.mjs:\n  ${gone.join("\n  ")}`);
if (strays.length > 0) {
  console.error(
    `Test files that name no src file (move each to the mirror of the file it tests, or to its folder's scenarios/):\n  ${strays
      .map((test) => `${test}: no ${sourceOf(test)}.ts(x)`)
      .join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`tests: ${tests.length} test files mirror src/ (${notYetSorted.size - gone.length} not yet sorted); ${mirrored} of ${sources.length} src files have their test (${percent(mirrored, sources.length)})`);
