// npm run lint:docs (part of npm test): every repository path the README and docs/*.md name exists, so the manual
// does not send a reader to a file that moved. Checked: `code spans` that start at a top-level folder of the
// repository or name a root file, and the file names in the README's layout block, under the folder of their line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const roots = ["src/", "test/", "scripts/", "bench/", "docs/", "migrations/", "examples/", "patches/", ".ci/"];
const rootFiles = new Set(readdirSync(root).filter((name) => name.includes(".")));
// A span with a placeholder, a glob or an ellipsis names a pattern, not one path.
const pattern = /[<>*{}]|\.\.\.|…/;

const exists = (path) => existsSync(join(root, path.replace(/[#:].*$/, "").replace(/\/$/, "")));

/** Every file under `folder` (relative to the root), for names the layout gives relative to a folder of its line. */
function filesUnder(folder) {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

function spanPaths(text) {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map(([, span]) => span.trim().split(/\s+/)[0])
    .filter((span) => !pattern.test(span) && (roots.some((r) => span.startsWith(r)) || rootFiles.has(span)));
}

/** The README's layout block: `folder/   what it holds (file.ts, other.ts)`, continued on indented lines. */
function layoutNames(readme) {
  const block = /## Layout[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  const found = [];
  let folder = null;
  for (const line of block.split("\n")) {
    const head = /^(\S+)/.exec(line)?.[1];
    if (head) folder = head.endsWith("/") ? head : dirname(head) + "/";
    if (!folder || !roots.some((r) => folder.startsWith(r))) continue;
    const names = line.split(/[\s(),;:]+/).filter((t) => /^\w[\w./-]*\.(?:ts|tsx|mjs|mts|cjs|json|toml|sql)$/.test(t) && !/[<>*]|NNNN/.test(t));
    for (const name of names) found.push({ folder, name });
  }
  return found;
}

const missing = [];
let checked = 0;
const docs = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
for (const doc of docs) {
  const text = readFileSync(join(root, doc), "utf8");
  for (const path of spanPaths(text)) {
    checked++;
    if (!exists(path)) missing.push(`${doc}: \`${path}\``);
  }
}
const readme = readFileSync(join(root, "README.md"), "utf8");
for (const { folder, name } of layoutNames(readme)) {
  checked++;
  // A path from a top-level folder stands alone; a bare name is the folder's, or a file in one of its subfolders.
  const found = roots.some((r) => name.startsWith(r)) ? exists(name) : exists(join(folder, name)) || exists(name) || filesUnder(folder).includes(basename(name));
  if (!found) missing.push(`README.md layout: ${name} under ${folder}`);
}
if (missing.length > 0) {
  console.error(`Paths the docs name that do not exist:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
console.log(`docs: the ${checked} paths named in ${docs.length} files exist`);
