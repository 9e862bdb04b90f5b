import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  // pagegrade ships its D1 migrations in the package.
  const migrations = await readD1Migrations("node_modules/pagegrade/migrations");
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The page to audit is served on 127.0.0.1 by test/global-setup.ts.
            ALLOW_PRIVATE_TARGETS: "true",
            PAGE_SERVER: inject("pageServer"),
          },
        },
      })),
    ],
    test: { globalSetup: ["test/global-setup.ts"], setupFiles: ["test/setup.ts"], testTimeout: 30_000 },
  };
});
