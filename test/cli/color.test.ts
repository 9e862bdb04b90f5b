import { describe, expect, inject, it } from "vitest";
import { colorEnabled, painter } from "../../src/cli/color";
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

describe("colorEnabled and painter", () => {
  it("colour only a terminal, without NO_COLOR set to anything and not a dumb one", () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({}, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: "" })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { TERM: "dumb" })).toBe(false);
  });

  it("wrap text in SGR codes, each closed by its own reset, or leave it as it is", () => {
    expect(painter(true).red("x")).toBe("\x1b[31mx\x1b[39m");
    expect(painter(true).bold("x")).toBe("\x1b[1mx\x1b[22m");
    expect(painter(true).dim("x")).toBe("\x1b[2mx\x1b[22m");
    expect(Object.values(painter(false)).map((paint) => paint("x"))).toEqual(["x", "x", "x", "x", "x"]);
  });
});
