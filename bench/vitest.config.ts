import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Plain Node, not the workers pool: linkedom and the checks are measured as code, the way a profiler sees them.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: [],
    benchmark: { include: ["bench/**/*.bench.ts"] },
    environment: "node",
    // The 5 MB page takes seconds per parse on a busy machine; the whole bench is bounded by this.
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
