import { describe, expect, inject, it } from "vitest";
import { hasScript, runCli } from "./run-cli";

const sample = `${inject("pageServer")}/fixtures/sample-page.html`;

describe.skipIf(!hasScript)("colour on a terminal (util-linux script gives the CLI a pseudo-terminal)", () => {
  it("colours the text report on a TTY", async () => {
    const run = await runCli(["audit", sample, "--allow-private"], { tty: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\u001b\[3[123]m\d+\/100/);
  });

  it("honours NO_COLOR on a TTY", async () => {
    const run = await runCli(["audit", sample, "--allow-private"], { tty: true, env: { NO_COLOR: "1" } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\d+\/100/);
    expect(run.stdout).not.toContain("\u001b[");
  });

  it("never colours json, even on a TTY", async () => {
    const run = await runCli(["audit", sample, "--allow-private", "--format", "json"], { tty: true });
    expect(run.stdout).not.toContain("\u001b[");
  });
});
