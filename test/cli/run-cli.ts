import { execFile } from "node:child_process";
import { existsSync } from "node:fs";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const hasScript = existsSync("/usr/bin/script");

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/**
 * Runs the built `pagegrade` as a user would, with only the given variables (no NO_COLOR or FORCE_COLOR
 * leaking in from the test runner). `tty: true` runs it on a pseudo-terminal through util-linux `script`,
 * whose output then holds stdout and stderr together.
 */
export function runCli(args: string[], { env = {}, tty = false }: { env?: Record<string, string>; tty?: boolean } = {}): Promise<CliRun> {
  const command = [process.execPath, "dist/cli.js", ...args];
  const [file, argv]: [string, string[]] = tty ? ["/usr/bin/script", ["-qfec", command.map(quote).join(" "), "/dev/null"]] : [command[0]!, command.slice(1)];
  // load_time judges the machine's own timing against 2 s: under the whole suite's load a local page can take longer, and
  // a check that flips between two runs breaks every comparison of runs (--baseline, JUnit against JSON). Its rule has
  // its own test (test/analysis/checks); here it gets a minute unless a test sets it.
  const clean: Record<string, string> = { PATH: process.env.PATH ?? "", TERM: "xterm", MAX_LOAD_TIME_MS: "60000", ...env };
  // A cast: the generated worker-configuration.d.ts declares every wrangler var as a required ProcessEnv key.
  const options = { env: clean as NodeJS.ProcessEnv, maxBuffer: 16 << 20 };
  return new Promise((resolve) => {
    execFile(file, argv, options, (error, stdout, stderr) => {
      // On a non-zero exit, execFile's error carries the exit code.
      const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
