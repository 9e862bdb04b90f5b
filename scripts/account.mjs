#!/usr/bin/env node
// npm run account -- SUBCOMMAND ...: runs scripts/account/SUBCOMMAND.mjs with the rest of the arguments. A new
// subcommand is a new file there (shared.mjs aside); this dispatcher lists them for its usage message and knows none
// by name. A file either exports `run(args)` or reads process.argv when imported.
import { readdirSync } from "node:fs";

const here = new URL("./account/", import.meta.url);
const subcommands = readdirSync(here)
  .filter((file) => file.endsWith(".mjs") && file !== "shared.mjs")
  .map((file) => file.slice(0, -".mjs".length))
  .sort();

const [subcommand, ...args] = process.argv.slice(2);
if (!subcommand || !subcommands.includes(subcommand)) {
  if (subcommand) console.error(`unknown subcommand ${subcommand}`);
  console.error(`usage: npm run account -- ${subcommands.join(" | ")} ... (each says its own arguments when run without them)`);
  process.exit(2);
}
const file = new URL(`${subcommand}.mjs`, here);
process.argv = [process.argv[0], file.pathname, ...args];
const module = await import(file.href);
if (typeof module.run === "function") await module.run(args);
