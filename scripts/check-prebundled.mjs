// npm run lint:prebundled (part of npm run checks): every bare import that workerd loads in the tests is pre-bundled
// (test/prebundled.mjs), so no package loads twice, once in the bundle and once file by file. Walks the imports from
// the tests' Worker, their setup and every test file of the workerd projects (test/ less the folders run in Node)
// through relative imports; type-only imports load nothing and are skipped; a .tsx file imports the JSX runtime.
import { globSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { notInWorkerd, notPrebundled, prebundled } from "../test/prebundled.mjs";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const jsxRuntime = `${JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")).compilerOptions.jsxImportSource}/jsx-runtime`;
const entries = [
  "test/worker.ts",
  "test/setup.ts",
  ...globSync(["test/**/*.test.ts", "test/**/*.test.tsx"], { cwd: root, exclude: notInWorkerd }),
];

// import/export ... from "x", import "x", import("x"); `import type`/`export type` statements load nothing.
// Static forms start a line (not a "from" inside a string of SQL).
const specifiers = /^[ \t]*(?:import(\s+type\b)?\s+[\w*{]|export(\s+type\b)?\s*[*{])[^"';]*?\bfrom\s*["']([^"']+)["']|^[ \t]*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** The file a relative specifier names (a folder's is its index.ts). */
function resolve(from, specifier) {
  const base = join(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, "index.ts")];
  return candidates.find((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
}

const missing = new Map();
const seen = new Set();
const queue = entries.map((file) => join(root, file));
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  const bare = file.endsWith(".tsx") ? [jsxRuntime] : [];
  for (const match of text.matchAll(specifiers)) {
    if (match[1] || match[2]) continue;
    const specifier = match[3] ?? match[4] ?? match[5];
    if (specifier.startsWith(".")) {
      const target = resolve(file, specifier);
      if (target && /\.(ts|tsx|mjs|js)$/.test(target)) queue.push(target);
    } else bare.push(specifier);
  }
  for (const specifier of bare) {
    if (/^(node|cloudflare):/.test(specifier) || prebundled.includes(specifier) || notPrebundled.includes(specifier)) continue;
    if (!missing.has(specifier)) missing.set(specifier, relative(root, file));
  }
}

if (missing.size > 0) {
  for (const [specifier, file] of missing) console.error(`${specifier} (imported by ${file}) is loaded in workerd but not in test/prebundled.mjs`);
  process.exit(1);
}
console.log(`${seen.size} modules run in workerd: every bare import is pre-bundled`);
