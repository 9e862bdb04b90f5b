#!/usr/bin/env node
// npm run account -- SUBCOMMAND ...: runs scripts/account/SUBCOMMAND.mjs, whose `run(args)` does the work. A new
// subcommand is a new file there; this dispatcher lists them for its usage message and knows none by name.
import { readdirSync } from "node:fs";

const here = new URL("./account/", import.meta.url);
const subcommands = readdirSync(here)
  .filter((file) => file.endsWith(".mjs"))
  .map((file) => file.slice(0, -".mjs".length))
  .sort();

const [subcommand, ...args] = process.argv.slice(2);
if (!subcommand || !subcommands.includes(subcommand)) {
  if (subcommand) console.error(`unknown subcommand ${subcommand}`);
  console.error(`usage: npm run account -- ${subcommands.join(" | ")} ... (each says its own arguments when run without them)`);
  process.exit(2);
}
const { run } = await import(new URL(`${subcommand}.mjs`, here).href);
await run(args);
