import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium } from "../../../src/cli/chromium/find-chromium";

const dir = mkdtempSync(join(tmpdir(), "find-chromium-"));
const executable = join(dir, "chrome");
writeFileSync(executable, "#!/bin/sh\n");
chmodSync(executable, 0o755);
const notExecutable = join(dir, "readme");
writeFileSync(notExecutable, "text");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("findChromium", () => {
  it("takes CHROME_PATH when it is an executable file", () => {
    expect(findChromium({ CHROME_PATH: executable }, [])).toEqual({ ok: true, path: executable });
  });

  it("reports a CHROME_PATH that is wrong rather than picking another browser", () => {
    expect(findChromium({ CHROME_PATH: notExecutable }, [executable])).toEqual({
      ok: false,
      message: `--render: CHROME_PATH (${notExecutable}) is not an executable file.`,
    });
  });

  it("falls back to the first usual path that is an executable", () => {
    expect(findChromium({}, [join(dir, "missing"), notExecutable, dir, executable])).toEqual({ ok: true, path: executable });
  });

  it("says how to get one when there is none", () => {
    expect(findChromium({ CHROME_PATH: "" }, [join(dir, "missing")])).toEqual({
      ok: false,
      message: "--render needs Chromium or Chrome, and none was found: install chromium, or set CHROME_PATH to the browser's executable.",
    });
  });
});
