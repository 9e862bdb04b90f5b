import { defineConfig } from "vitest/config";

/**
 * `npm run test:lighthouse`: Lighthouse 13.5 and our analysis on the same pages (test/lighthouse/). Out of the
 * default run: it drives a real Chromium for minutes. Node, not workerd: Lighthouse needs Node 22 and a browser.
 */
export default defineConfig({
  test: {
    name: "lighthouse",
    include: ["test/lighthouse/**/*.test.ts"],
    environment: "node",
    // One Chromium, pages one after another: two at once only compete for the same cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
