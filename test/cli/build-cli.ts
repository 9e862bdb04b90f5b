import { execFileSync } from "node:child_process";

/** The tests run the executable users get, so build it from the current sources first (esbuild, < 1 s). */
export default function buildCli() {
  execFileSync(process.execPath, ["scripts/build.mjs", "--cli"], { stdio: "inherit" });
}
