import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  const workers = () =>
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      // src/index.ts with an observer of the analysis batches (test/helpers/queue-tally.ts).
      main: "./test/worker.ts",
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          ALLOW_PRIVATE_TARGETS: "true",
          // Hanging and failing targets must end within a test's time: short deadline, two deliveries.
          FETCH_TIMEOUT_MS: "3000",
          // The main lane's first deadline, short enough that a hanging target moves to the slow lane at once.
          SLOW_LANE_AFTER_MS: "500",
          ANALYSIS_MAX_ATTEMPTS: "2",
          REPORT_COOKIE_SECRET: "test-only-cookie-secret",
          // Webhooks: a test-only encryption key, and a hanging receiver fails within a test's time.
          WEBHOOK_ENCRYPTION_KEY: "test-only-webhook-encryption-key",
          WEBHOOK_TIMEOUT_MS: "1500",
          PUBLIC_ORIGIN: "https://pagegrade.test",
          PAGE_SERVER: inject("pageServer"),
          CRAWL_SITE: inject("crawlSite"),
          CRAWL_SITE_ALONE: inject("crawlSiteAlone"),
          OTHER_HOST: inject("otherHost"),
          // Off when no Chromium was found for the browser binding (test/global-setup.ts).
          RENDERING: inject("rendering"),
          // A page that never finishes loading must fail within a test's time; script-built pages take ~1 s here.
          RENDER_TIMEOUT_MS: "6000",
          // Crawl pacing short enough for tests; the politeness test checks it against the site's request log.
          CRAWL_INTERVAL_MS: "200",
        },
      },
    }));
  // Pure tests: functions over parsed pages and plain values, no storage and no fetch. They share one workerd isolate
  // ("unit"), so they are listed here by path and every other test runs isolated ("workers"). Tests mirror src/.
  const pure = [
    "test/analysis/checks/**/*.test.ts",
    "test/site/checks/**/*.test.ts",
    "test/site/issues/**/*.test.ts",
    "test/analysis/{body-budget,credentials,dom-budget,head-source,linkedom-patch,nesting,parse,partial-read,robots,score,url-guard}.test.ts",
    "test/queue/dispatch.test.ts",
    "test/queue/host-turns.test.ts",
  ];
  const shared = { globalSetup: ["test/global-setup.ts"], setupFiles: ["test/setup.ts"], testTimeout: 30_000, hookTimeout: 30_000 };
  return {
    test: {
      projects: [
        {
          plugins: [workers()],
          // Pure functions over parsed pages touch no storage, so one workerd isolate serves every file.
          test: { ...shared, name: "unit", include: pure, isolate: false },
        },
        {
          plugins: [workers()],
          test: { ...shared, name: "workers", include: ["test/**/*.test.ts"], exclude: [...pure, "test/e2e/**", "test/cli/**", "test/lighthouse/**"] },
        },
        {
          // The command line runs in Node, as users run it: the tests spawn the built dist/cli.js.
          test: { ...shared, setupFiles: [], globalSetup: [...shared.globalSetup, "test/cli/build-cli.ts"], name: "cli", include: ["test/cli/**/*.test.ts"], environment: "node" },
        },
      ],
    },
  };
});
