#!/usr/bin/env node
// npm run account -- SUBCOMMAND ...: runs scripts/account/<subcommand>.mjs with the rest of the arguments.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const [subcommand, ...rest] = process.argv.slice(2);
const folder = new URL("./account/", import.meta.url).pathname;
const known = readdirSync(folder).filter((f) => f.endsWith(".mjs") && f !== "shared.mjs").map((f) => f.slice(0, -4));
if (!subcommand || !/^[a-z-]+$/.test(subcommand) || !known.includes(subcommand)) {
  console.error(`usage: npm run account -- ${known.join(" | ")} ...`);
  process.exit(2);
}
process.argv = [process.argv[0], join(folder, `${subcommand}.mjs`), ...rest];
await import(join(folder, `${subcommand}.mjs`));
