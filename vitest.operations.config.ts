import { defineConfig } from "vitest/config";

/**
 * The operator's commands as an operator runs them (test/operations/): `npm run account` and friends against a
 * `wrangler dev` of local shards, with their own local state. Out of `npm test` (each command starts wrangler, minutes
 * of CPU on two cores); `npm run test:e2e` runs them after the browser suite, as CI does.
 */
export default defineConfig({
  test: {
    name: "operations",
    include: ["test/operations/**/*.test.ts"],
    environment: "node",
    // The page server the reports audit (test/global-setup.ts provides its origin).
    globalSetup: ["test/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
