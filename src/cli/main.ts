/** The `pagegrade` executable: built to dist/cli.js, run by plain `node`. */
import { readFile, writeFile } from "node:fs/promises";
import { exitCodes, run } from "./run";

declare const PAGEGRADE_VERSION: string;

const version = typeof PAGEGRADE_VERSION === "string" ? PAGEGRADE_VERSION : "dev";

try {
  process.exitCode = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    writeFile: (path, text) => writeFile(path, text, "utf8"),
    readFile: (path) => readFile(path, "utf8"),
    version,
  });
} catch (error) {
  // Anything unforeseen still ends as one line and a documented exit code.
  process.stderr.write(`pagegrade: ${String((error as Error)?.message ?? error).split("\n")[0]}\n`);
  process.exitCode = exitCodes.notAnalysed;
}
