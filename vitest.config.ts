import { globSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
// The bundled dependencies of the workerd projects, and the folders run in Node (test/operations/: the operator's
// commands against wrangler dev, in `npm run test:e2e`, vitest.operations.config.ts).
import { notInWorkerd, optimizerExternal, prebundled } from "./test/prebundled.mjs";

// Files whose outcome depends on meeting the lanes' deadlines (a page reports within a deadline while others hang; a
// local page must not miss the main lane's first deadline, or its host moves to the slow lane): their own workerd, a
// first deadline of 1 s (the lanes' timings are what they test) and the full 3 s. Until 29 Nov 2026 they ran alone
// after every other file with a first deadline of 500 ms, ~160 s of the run's end on one core (docs/testing.md
// "29 Nov 2026: one group").
const timed = ["test/queue/consumer-lanes.test.ts", "test/queue/host-probe.test.ts", "test/queue/host-share.test.ts"];

/**
 * The order files start in (vitest's own is by project name, then by size on a clean clone). Vitest runs the files of
 * `sequence.groupOrder` 0, then those of 1 (`whileTimed`, `afterTimed` below), in this order within each:
 * - group 0, five at once: the timed files first, at once (they mostly wait; the lanes' deadline tests measure pages'
 *   waits, which a Chromium beside them stretched past their bounds), and beside them the `shards` files (the moves,
 *   longest, mostly wait for the directory cache), `field` and `workers`: no Chromium;
 * - group 1, three at once: the browser files, `cli`, then `shared`, its ~300 mostly short files as one block (vitest
 *   keeps a shared workerd only while the next file in its queue is of the same project): they fill every slot to the
 *   run's end.
 */
class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((spec) => spec.project.name === name);
    const timedFiles = timed.flatMap((file) => sorted.filter((spec) => spec.moduleId.endsWith(file)));
    const first = [...timedFiles, ...of("shards"), ...of("field"), ...of("workers"), ...of("browser")];
    const rest = sorted.filter((spec) => !first.includes(spec) && spec.project.name !== "shared");
    return [...first, ...rest, ...of("shared")];
  }
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  // One Vite cache directory for every workerd project. Vitest gives each project its own, named after it, and keys its
  // module cache by it (the pre-bundled dependencies live there), so each project transformed the whole module graph
  // again at its first file, one module per round trip with the workerd (~10-15 s each). With one directory the
  // dependencies are bundled once and a module transformed for one project is read from the cache by the others. It
  // sets a resolved config's field after vitest did: if a release stops reading it there, each project transforms
  // alone again, slower but the same (docs/testing.md "29 Nov 2026, afternoon"). Every workerd project has it
  // (`workers` below).
  const sharedCacheDir = {
    name: "pagegrade:one-cache-dir",
    configResolved: (config: { cacheDir: string }) => {
      config.cacheDir = `${import.meta.dirname}/node_modules/.vite/vitest/workerd`;
    },
  };
  const workers = (overrides: Record<string, string> = {}, extra: { d1Databases?: Record<string, string> } = {}) =>
    [sharedCacheDir, cloudflareTest(({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      // src/index.ts with an observer of the analysis batches (test/helpers/queue-tally.ts).
      main: "./test/worker.ts",
      miniflare: {
        ...extra,
        // The crawl queue's consumer as wrangler.toml declares it (keep the two alike), but with no batch window: in
        // production a crawl's hops (discover, plan links, check links, site checks) may wait up to 1 s each for a
        // batch; here they would add seconds to every crawl test without testing anything of ours. An entry replaces
        // wrangler.toml's whole entry for that queue, so every field is given.
        queueConsumers: { "pagegrade-crawl": { maxBatchSize: 5, maxBatchTimeout: 0, maxRetries: 3 } },
        bindings: {
          TEST_MIGRATIONS: migrations,
          ALLOW_PRIVATE_TARGETS: "true",
          // Hanging and failing targets must end within a test's time: short deadline, two deliveries.
          FETCH_TIMEOUT_MS: "3000",
          // The main lane's first deadline as deployed (2 s): three test files share two cores, and a local page that
          // missed a shorter one would be fetched again in the slow lane, so tests counting a site's requests would
          // count one more. The lanes' own tests ("timed") shorten it to 1 s below.
          SLOW_LANE_AFTER_MS: "2000",
          ANALYSIS_MAX_ATTEMPTS: "2",
          // Retries wait 1 s, then 2 s: the retry still goes through the queue's delay, only shorter.
          ANALYSIS_RETRY_DELAY_SECONDS: "1",
          // Crawl pacing short enough for tests; the politeness test checks it against the site's request log.
          CRAWL_INTERVAL_MS: "100",
          REPORT_COOKIE_SECRET: "test-only-cookie-secret",
          // Webhooks: a test-only encryption key, and a hanging receiver fails within a test's time.
          WEBHOOK_ENCRYPTION_KEY: "test-only-webhook-encryption-key",
          WEBHOOK_TIMEOUT_MS: "1500",
          PUBLIC_ORIGIN: "https://pagegrade.test",
          PAGE_SERVER: inject("pageServer"),
          CRAWL_SITE: inject("crawlSite"),
          CRAWL_SITE_ALONE: inject("crawlSiteAlone"),
          OTHER_HOST: inject("otherHost"),
          WATCHED_SITE: inject("watchedSite"),
          ERROR_PAGE_SITE: inject("errorPageSite"),
          // Field data from the local Chrome UX Report API; only the "field" project has a key, so everywhere else no
          // query is made (and test/field/scenarios/without-key.test.ts checks that none reaches it).
          CRUX_API_ORIGIN: inject("cruxApi"),
          // Off when no Chromium was found for the browser binding (test/global-setup.ts).
          RENDERING: inject("rendering"),
          // A page that never finishes loading must fail within a test's time; script-built pages take ~1 s here.
          RENDER_TIMEOUT_MS: "6000",
          // Small link-check bounds, so a crawl of test/server/crawl-site.ts's /links/ reaches them (docs/crawls.md).
          LINK_CHECK_LIMIT: "8",
          LINK_CHECK_PER_HOST: "2",
          ...overrides,
        },
      },
    }))];
  // Pure tests: functions over parsed pages and plain values, no storage and no fetch. They run in "shared" with the
  // Worker-driven files (one project: one transform of the module graph, one workerd per vitest worker), and never in
  // a workerd of their own even where an isolated folder holds them (test/queue/dispatch.test.ts): listed by path.
  // Tests mirror src/.
  const pure = [
    "test/analysis/checks/**/*.test.ts",
    "test/site/checks/**/*.test.ts",
    "test/site/{crawl-frontier,link-plan,page-facts,run-link-checks,terms}.test.ts",
    "test/analysis/structured-data/**/*.test.ts",
    "test/site/issues/**/*.test.ts",
    "test/field/{crux-record,memory-store}.test.ts",
    "test/analysis/{body-budget,credentials,head-source,lab-metrics,llms-txt,nesting,parse,partial-read,robots,score,settings,text-hash,url-guard}.test.ts",
    "test/analysis/scenarios/linkedom-patch.test.ts",
    "test/page/{arrange-checks,describe-result,describe-retry,field-view,hmac,palette,shared-subject}.test.ts",
    "test/site/discovery/{llms-links,normalize-url,pause,robots-rules,sitemap-parse,url-tally}.test.ts",
    "test/page/components/{chart-parts,score-gauge}.test.tsx",
    "test/mcp/{arguments,report-summary,tool}.test.ts",
    "test/queue/dispatch.test.ts",
    "test/queue/host-turns.test.ts",
    "test/crawls/{crawl-job,crawl-pace,pruned}.test.ts",
    "test/queues.test.ts",
    "test/crypto/*.test.ts",
    "test/history/{changes,serialize}.test.ts",
    "test/http/{body-limit,csv,encryption-key,errors,list-params,pagination,quota}.test.ts",
    "test/accounts/usage-resource.test.ts",
    "test/projects/project-name.test.ts",
    "test/queue/{batch-tally,lanes}.test.ts",
    "test/reports/{analysis-job,csv-columns}.test.ts",
    "test/targets/{failures,password-rule,sealed-auth,target-url,write-fields}.test.ts",
    "test/webhooks/{endpoint-url,enqueue-deliveries,job,secret,secrets-of}.test.ts",
    "test/analysis/watched.test.ts",
    "test/accounts/directory-cache.test.ts",
    "test/history/page-changes.test.ts",
  ];
  // Tests that need a workerd of their own ("workers"): the isolate's own counters (body budget, DOM gate, requeues),
  // the queue consumers to themselves (a file's batches are the ones its tallies count), or ids counted from the first
  // (the contract's golden files). Every other test touches only the accounts, reports and request-log tags it creates,
  // or needs no more than an empty D1 (`ownD1` below), so those share one workerd per vitest worker ("shared"): a
  // workerd start costs ~3 s of CPU, and most files run for less.
  const isolated = [
    "test/queue/**/*.test.ts",
    "test/analysis/dom-gate.test.ts",
    "test/http/api-contract.test.ts",
  ];
  // Tests that need every row of D1 to be their own (they count rows of every account, drop tables, run the cron's
  // sweeps and due runs over every row) and nothing else of an isolate: in "shared", one file after another in a
  // workerd, each starting on an empty D1 (test/setup.ts, test/helpers/empty-d1.ts). Until 29 Nov 2026 each had a
  // workerd of its own: 26 starts, ~90 s of the run's CPU.
  const ownD1 = [
    "test/history/watch-robots.test.ts",
    "test/schedules/**/*.test.ts",
    "test/crawls/crawl-lifecycle.test.ts",
    "test/crawls/prune-crawls.test.ts",
    "test/db/query-plan.test.ts",
    "test/history/{list-history,record-generation,since-last-audit}.test.ts",
    "test/history/scenarios/*.test.ts",
    "test/http/d1-session.test.ts",
    "test/mcp/server.test.ts",
    "test/reports/{create-report,enqueue-analysis,finish-generation,generation,results-codec,run-due-schedules,sweep-stale}.test.ts",
    "test/targets/auth-field.test.ts",
    "test/security/page-auth.test.ts",
    "test/webhooks/{deliver,record-attempt,requeue-lost,retry-delivery,retry-schedule,send}.test.ts",
  ];
  // A crawl's pace moves within a test's time only with a short interval and slow threshold: in the "field" project,
  // whose files have a workerd each, as every other crawl test keeps the 100 ms interval and the 1 s threshold.
  const paced = ["test/crawls/scenarios/crawl-rate.test.ts"];
  // The files that drive the local Chromium, each in a workerd of its own: the local browser binding's sessions belong
  // to one workerd (miniflare's instance), so a file that closes "whatever earlier tests left open", or a lone audit
  // that takes a free session, reaches no other file's browser. (Until 29 Nov 2026 they shared one workerd, one file
  // at a time, after every other file.) The render deadline as deployed (20 s): pages that load for 3 s by design are
  // measured as a throttled phone, and the files share two cores with the rest of the run.
  const browser = ["test/render/**/*.test.ts"];
  // Three local shards (docs/operations.md "Past one database"): DB is the directory and shard 0, DB_1 and DB_2 the
  // others; their own workerd, since the cron's tests there walk every row of every shard.
  const sharded = ["test/db/shards.test.ts", "test/db/scenarios/*.test.ts"];
  // The moves run there too, with the directory cached 1 s: a move waits as long as the Worker's setting says. (Once a
  // project of their own, "moves": one more Vite server and transform of the module graph for a setting; a test
  // of the cache's reuse sets its own, longer, time.)
  const moves = ["test/db/move-account.test.ts", "test/db/move-job.test.ts"];
  // Field data with a key (the local API's: CRUX_TEST_KEY of test/server/crux-api.ts), and a query deadline a hanging answer passes within a test's time.
  const field = ["test/field/scenarios/crux-field-data.test.ts", "test/field/field-data.test.ts"];
  const pureFiles = new Set(globSync(pure, { cwd: import.meta.dirname }));
  const isolatedFiles = globSync(isolated, { cwd: import.meta.dirname }).filter((file) => !pureFiles.has(file));
  const ownD1Files = globSync(ownD1, { cwd: import.meta.dirname });
  // A test's own deadline is what it waits for (polls, the settings' deadlines); this only bounds a test that hangs. CI's
  // machine ran tests of 15-22 s on a quiet run past 30 s under the whole suite's load, so 60 s.
  const common = { globalSetup: ["test/global-setup.ts"], setupFiles: ["test/setup.ts"], testTimeout: 60_000, hookTimeout: 60_000 };
  // Files at once, in two groups (RunOrder above). Most of a file's time is waiting (deadlines, queues, intervals, a
  // browser), so on 2 cores three at once finish sooner than vitest's default of cores - 1. While the timed files run
  // (group 0) five: the three timed files mostly wait, nothing beside them starts Chromium, and with four the other
  // files there ran past the timed ones by 8-20 s. After them three: four there made the lanes' bounds miss beside
  // Chromium, and a crawl's discovery under the shared block's load (docs/testing.md "29 Nov 2026, later" and
  // "afternoon").
  const whileTimed = { sequence: { groupOrder: 0 }, maxWorkers: 5 };
  const afterTimed = { sequence: { groupOrder: 1 }, maxWorkers: 3 };
  const inWorkerd = { ...common, deps: { optimizer: { ssr: { enabled: true, include: prebundled, rolldownOptions: { external: optimizerExternal } } } } };
  return {
    test: {
      sequence: { sequencer: RunOrder },
      // Each project sets its own (whileTimed, afterTimed above).
      maxWorkers: 3,
      projects: [
        {
          plugins: [workers()],
          // The pure files and every Worker-driven file that touches only what it creates: one workerd per vitest
          // worker. The isolated files are excluded by name (pure ones taken out), since an exclude glob would also
          // take the pure files of an isolated folder.
          test: { ...inWorkerd, name: "shared", ...afterTimed, include: ["test/**/*.test.ts", ...pure], exclude: [...isolatedFiles, ...paced, ...browser, ...sharded, ...moves, ...field, ...notInWorkerd], isolate: false, provide: { ownD1: ownD1Files } },
        },
        {
          plugins: [workers()],
          test: { ...inWorkerd, name: "workers", ...whileTimed, include: isolated, exclude: [...timed, ...pure] },
        },
        {
          plugins: [workers({ RENDER_TIMEOUT_MS: "20000" })],
          test: { ...inWorkerd, name: "browser", ...afterTimed, include: browser },
        },
        {
          plugins: [workers({ DIRECTORY_CACHE_SECONDS: "1" }, { d1Databases: { DB: "00000000-0000-0000-0000-000000000000", DB_1: "shard-1", DB_2: "shard-2" } })],
          // A move's waits are DIRECTORY_CACHE_SECONDS each, a few of them per test: 90 s bounds a hang there.
          test: { ...inWorkerd, name: "shards", ...whileTimed, include: [...sharded, ...moves], testTimeout: 90_000 },
        },
        {
          // Two small sets of files whose settings do not meet (field data; a crawl's pace, whose crawls only add one
          // query of their origin to the local API), so one project: a Vite server, a transform and a start less.
          // CRAWL_SLOW_TTFB_MS stays the deployed 1 s: at 400 ms a local page answering at once was, on a loaded CI
          // machine, now and then measured slow, and a crawl meant to have recovered ended slowed down again.
          plugins: [workers({ CRUX_API_KEY: "test-only-crux-api-key", CRUX_TIMEOUT_MS: "1000", CRAWL_INTERVAL_MS: "20", CRAWL_SLOW_TTFB_MS: "1000" })],
          test: { ...inWorkerd, name: "field", ...whileTimed, include: [...field, ...paced] },
        },
        {
          // A hanging target moves to the slow lane within 1 s: the lanes' timings are what these files test.
          plugins: [workers({ SLOW_LANE_AFTER_MS: "1000" })],
          test: { ...inWorkerd, name: "timed", ...whileTimed, include: timed },
        },
        {
          // The command line runs in Node, as users run it: the tests spawn the built dist/cli.js.
          // A test that starts Chromium as a user's command does took 20-23 s on a quiet run and over 30 s under CI's load.
          // One Node process per slot for its files, one after another (`isolate: false`; a fork each cost ~1.7 s): no
          // file sets process.env, changes directory or mocks a module, and what they run is the spawned command.
          test: { ...common, testTimeout: 90_000, setupFiles: [], globalSetup: [...common.globalSetup, "test/cli/build-cli.ts"], name: "cli", ...afterTimed, include: ["test/cli/**/*.test.ts"], environment: "node", isolate: false },
        },
      ],
    },
  };
});
