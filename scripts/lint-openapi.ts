// npm run lint:openapi: writes the OpenAPI document the API serves and lints it under Redocly's recommended rules
// with every warning made an error (recommended-strict).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApi } from "../src/app";
import { openApiDocument } from "../src/openapi";

const dir = mkdtempSync(join(tmpdir(), "pagegrade-openapi-"));
const file = join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(openApiDocument(createApi(), "https://pagegrade.dev"), null, 2));
try {
  execFileSync("redocly", ["lint", file, "--extends=recommended-strict", "--max-problems=100"], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
} catch {
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
