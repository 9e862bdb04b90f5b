import { spawn } from "node:child_process";
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
  const [file, argv] = tty ? ["/usr/bin/script", ["-qfec", command.map(quote).join(" "), "/dev/null"]] : [command[0]!, command.slice(1)];
  const child = spawn(file, argv, { env: { PATH: process.env.PATH ?? "", TERM: "xterm", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
