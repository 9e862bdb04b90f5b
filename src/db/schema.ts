import { sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { crawlPageStates, crawlSources, linkKinds } from "../site/terms";
import type { CompareSummary } from "../site/issues/compare";
import type { IssueSummary } from "../site/issues/issue-rows";
import { devices } from "../analysis/lab-device";
import type { FieldFacts, FieldRecord, LabMetrics } from "../analysis/types";
import type { Watched } from "../analysis/watched";

export { crawlPageStates, crawlSources };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const accounts = sqliteTable("accounts", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  // The highest `rate` this account's crawls may ask for; null: the MAX_CRAWL_RATE setting (docs/configuration.md).
  maxCrawlRate: integer(),
  // Monthly quotas (docs/operations.md "Quotas and usage"), set by `npm run account -- quota`; null: no limit.
  quotaReports: integer(),
  quotaCrawlPages: integer(),
  quotaRendered: integer(),
  createdAt: text().notNull().default(now),
  // Where the account's rows live (docs/operations.md "Past one database"): read in the directory, 0 (DB) unless
  // placed or moved elsewhere. A shard's own copy of the row keeps the number it was given.
  shard: integer().notNull().default(0),
  // Set while `npm run account -- move` copies the account: its API writes answer 503 until the switch.
  movingSince: text(),
});

/**
 * A move of one account to another shard, run by the cron as a resumable job (src/db/move-job.ts; kept in the
 * directory). `phase` says what the next step does; `table_index`/`last_id` where the copy or rollback stands, so a
 * step that dies is run again from there; `phase_since` starts the waits (cache, quiet), which are phases, not sleeps.
 */
export const accountMoves = sqliteTable(
  "account_moves",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    fromShard: integer().notNull(),
    toShard: integer().notNull(),
    // waiting | quiet | copying | verifying | switched | deleting | rollback | done | failed
    phase: text().notNull(),
    tableIndex: integer().notNull().default(0),
    lastId: integer().notNull().default(0),
    rowsCopied: integer().notNull().default(0),
    rowsDeleted: integer().notNull().default(0),
    movingSince: text().notNull(),
    phaseSince: text().notNull(),
    // When the writes were refused up to (the switch), for the figures.
    switchedAt: text(),
    abortRequested: integer().notNull().default(0),
    error: text(),
    startedAt: text().notNull().default(now),
    updatedAt: text().notNull().default(now),
  },
  (t) => [index("account_moves_open").on(t.phase, t.accountId)],
);

/**
 * What an account used in one calendar month (UTC, `month` as "2026-11"): counted in the same batch as the work it
 * counts (src/accounts/usage.ts), never by the rate-limit binding. NOT NULL is the quota's guard: an increment past
 * the limit writes NULL, which fails the statement, so the whole batch (the work included) is rolled back.
 */
export const accountUsage = sqliteTable(
  "account_usage",
  {
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    month: text().notNull(),
    reports: integer().notNull().default(0),
    crawlPages: integer().notNull().default(0),
    rendered: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    prefix: text().notNull(),
    hash: text().notNull(),
    createdAt: text().notNull().default(now),
    lastUsedAt: text(),
    revokedAt: text(),
  },
  (t) => [uniqueIndex("api_keys_hash_unique").on(t.hash), index("api_keys_prefix_idx").on(t.prefix)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    uniqueIndex("projects_account_name_unique").on(t.accountId, t.name),
    index("projects_account_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);

/**
 * A report's `results` as stored: a BLOB (compressed compact JSON) or TEXT (JSON of older rows). The column stays
 * declared TEXT, which keeps BLOBs as they are; src/reports/results-codec.ts writes and reads both forms.
 */
const storedResults = customType<{ data: Uint8Array | ArrayBuffer | number[] | string; driverData: Uint8Array | ArrayBuffer | number[] | string }>({
  dataType: () => "text",
});

export const reportStatuses = ["queued", "processing", "completed", "failed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];
/** Reports whose analysis has not ended, as the sweep and its partial index both write it. */
export const unfinished = sql.raw(`"status" IN ('queued', 'processing')`);

export const reportSchedules = ["none", "daily", "weekly"] as const;
export type ReportSchedule = (typeof reportSchedules)[number];

/**
 * A login for the audited site (docs/security.md, "Pages behind a login"): the credentials and their origin sealed
 * with AES-GCM under WEBHOOK_ENCRYPTION_KEY, and in clear only what the resource shows (type and header names).
 */
const authColumns = () => ({
  authSecret: text(),
  authSummary: text({ mode: "json" }).$type<{ type: "basic" | "headers"; names: string[] }>(),
});

export const reports = sqliteTable(
  "reports",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    projectId: integer().notNull().references(() => projects.id),
    url: text().notNull(),
    finalUrl: text(),
    privacy: integer().notNull().default(0),
    passwordHash: text(),
    ...authColumns(),
    // Bumped whenever the password or privacy changes, so unlock cookies signed before become void.
    accessVersion: integer().notNull().default(0),
    // 1: audited in a real browser (docs/rendering.md); kept across regenerations until changed.
    render: integer().notNull().default(0),
    // The screen and throttling a rendered audit measures with (docs/analysis.md "Page experience"); kept like render.
    device: text({ enum: devices }).notNull().default("mobile"),
    status: text({ enum: reportStatuses }).notNull().default("queued"),
    // Bumped by every regeneration; queue messages carry it so stale or duplicate deliveries change nothing.
    generation: integer().notNull().default(1),
    score: integer(),
    result: text({ enum: ["good", "decent", "bad"] }),
    issuesHigh: integer().notNull().default(0),
    issuesMedium: integer().notNull().default(0),
    issuesLow: integer().notNull().default(0),
    results: storedResults(),
    // The rendered page's lab metrics of the last completed generation; null when it was not rendered.
    metrics: text({ mode: "json" }).$type<LabMetrics>(),
    errorCode: text(),
    errorMessage: text(),
    // The running generation's retries (docs/operations.md "Slow lane and retries"): full attempts made, the last
    // temporary failure and when the next attempt is due; all cleared when the generation ends.
    attempts: integer().notNull().default(0),
    lastErrorCode: text(),
    lastErrorMessage: text(),
    lastErrorAt: text(),
    nextAttemptAt: text(),
    generatedAt: text(),
    // docs/monitoring.md: the score of the completed generation before the current one, set as a generation completes.
    previousScore: integer(),
    schedule: text({ enum: reportSchedules }).notNull().default("none"),
    // Unix seconds: schedule arithmetic stays exact, so runs never drift.
    nextRunAt: integer(),
    createdAt: text().notNull().default(now),
    updatedAt: text().notNull().default(now),
  },
  (t) => [
    // Lists in id order; the score in it lets a result filter (`+score BETWEEN`) skip non-matching reports from
    // the index alone: with few matches (an account without bad pages) the walk reads no row at all.
    index("reports_account_id_score_idx").on(t.accountId, t.id, t.score),
    // A project's reports (its list, its aggregates, deleting it): a project belongs to one account, so the
    // project id alone selects them.
    index("reports_project_score_idx").on(t.projectId, t.score),
    index("reports_account_url_idx").on(t.accountId, t.url, t.id),
    // Descending scans read these backwards (NULLs last for free); ascending ones order by `x IS NULL` first.
    index("reports_account_score_idx").on(t.accountId, sql`(${t.score} IS NULL)`, t.score, t.id),
    index("reports_account_generated_idx").on(t.accountId, sql`(${t.generatedAt} IS NULL)`, t.generatedAt, t.id),
    index("reports_account_score_desc_idx").on(t.accountId, t.score, t.id),
    index("reports_account_generated_desc_idx").on(t.accountId, t.generatedAt, t.id),
    // The stale-report sweep reads only unfinished reports: finished ones (nearly all) need no entry. The sweep
    // writes this same condition literally, which is what lets SQLite use a partial index.
    index("reports_unfinished_updated_idx").on(t.updatedAt).where(unfinished),
    // The schedule tick reads due reports oldest first; unscheduled ones are not in the index.
    index("reports_next_run_idx").on(t.nextRunAt, t.id).where(sql`${t.nextRunAt} IS NOT NULL`),
  ],
);

/**
 * Analyses running now, one row each, by host and lane (src/queue/host-slots.ts): at most HOST_CONCURRENCY rows of one
 * host and lane are live. A row whose consumer died stops counting at `expiresAt` (ms, the database's clock).
 */
export const analysisHostSlots = sqliteTable(
  "analysis_host_slots",
  {
    reportId: integer().primaryKey(),
    host: text().notNull(),
    expiresAt: integer().notNull(),
    /** The lane whose analysis holds the slot: each lane has its own HOST_CONCURRENCY slots of a host. */
    lane: text({ enum: ["main", "slow"] }).notNull().default("main"),
    /** Whose report holds it: an account's share of a host's slots shrinks while other accounts wait for the host. */
    accountId: integer(),
  },
  (t) => [index("analysis_host_slots_host_idx").on(t.host, t.expiresAt)],
);

/**
 * Accounts that waited for a host's slots of a lane lately (src/queue/host-share.ts): while another account waits,
 * an account holds at most its share of the host's slots. A row stops counting at `until` (ms, the database's clock).
 */
export const analysisHostWaits = sqliteTable(
  "analysis_host_waits",
  {
    host: text().notNull(),
    lane: text({ enum: ["main", "slow"] }).notNull(),
    accountId: integer().notNull(),
    until: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.lane, t.accountId] })],
);

/**
 * A host's probe (src/queue/host-probe.ts): while a host is slow as a whole, one of its pages at a time is tried in
 * the main lane. `reportId` is the probe running until `until`; without one, the last probe missed and no other starts
 * before `until` (ms, the database's clock).
 */
export const analysisHostProbes = sqliteTable("analysis_host_probes", {
  host: text().primaryKey(),
  reportId: integer(),
  until: integer().notNull(),
});

/**
 * URLs that are slow right now (src/queue/slowness.ts): one missed the main lane's first deadline, or was slow again in
 * the slow lane, less than `slowUntil` ago (ms, the database's clock). The main lane sends their reports straight to
 * the slow lane; the same site's other URLs stay in the main lane while the site answers them.
 */
export const analysisSlowUrls = sqliteTable(
  "analysis_slow_urls",
  {
    url: text().primaryKey(),
    host: text().notNull(),
    slowUntil: integer().notNull(),
    /** The URL without its query (origin and path): many slow URLs of one path make the path slow. */
    path: text(),
  },
  (t) => [index("analysis_slow_urls_host_idx").on(t.host, t.slowUntil), index("analysis_slow_urls_path_idx").on(t.path, t.slowUntil)],
);

/** When each host last answered an analysis in time (ms, the database's clock; written at most every few seconds). */
export const analysisHostAnswers = sqliteTable("analysis_host_answers", {
  host: text().primaryKey(),
  answeredAt: integer().notNull(),
});

/**
 * The Chrome UX Report's answers (src/field/crux-cache.ts), one row per (`url:...` or `origin:...`, form factor):
 * `record` null when CrUX had no data (its 404). Kept 24 hours from `fetchedAt` (ms, the database's clock): CrUX
 * changes once a day, so a crawl asks about its origin once. Errors are never stored. The key is the only index.
 */
export const cruxRecords = sqliteTable(
  "crux_records",
  {
    target: text().notNull(),
    formFactor: text({ enum: ["PHONE", "DESKTOP"] }).notNull(),
    record: text({ mode: "json" }).$type<FieldRecord | null>(),
    fetchedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.target, t.formFactor] })],
);

/**
 * The Chrome UX Report API's queries by minute (src/field/crux-pace.ts), across every consumer: a query is made only
 * when its minute's count stays within CRUX_QUERIES_PER_MINUTE (the API allows 150).
 */
export const cruxQueries = sqliteTable("crux_queries", {
  minute: integer().primaryKey(),
  used: integer().notNull(),
});

export const unlockAttempts = sqliteTable(
  "unlock_attempts",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reportId: integer().notNull(),
    client: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index("unlock_attempts_lookup_idx").on(t.reportId, t.client, t.createdAt)],
);

/** One compact row per finished generation (docs/monitoring.md "History and schedules"); the full results stay on the report. */
export const reportHistory = sqliteTable(
  "report_history",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reportId: integer().notNull().references(() => reports.id, { onDelete: "cascade" }),
    generation: integer().notNull(),
    status: text({ enum: ["completed", "failed"] }).notNull(),
    score: integer(),
    result: text({ enum: ["good", "decent", "bad"] }),
    issuesHigh: integer().notNull().default(0),
    issuesMedium: integer().notNull().default(0),
    issuesLow: integer().notNull().default(0),
    failedChecks: text({ mode: "json" }).$type<string[]>().notNull(),
    // The generation's lab metrics (a few numbers), for the trend of LCP and the others; null when not rendered.
    metrics: text({ mode: "json" }).$type<LabMetrics>(),
    // The generation's field data (the Chrome UX Report's p75 `core_web_vitals` judged, ~250 bytes); null without one.
    field: text({ mode: "json" }).$type<FieldRecord>(),
    errorCode: text(),
    errorMessage: text(),
    generatedAt: text().notNull(),
    // What the page said (src/analysis/watched.ts, under 2 KB): changes are computed from two of them. Null for a
    // failed generation and for rows written before it was kept.
    watched: text({ mode: "json" }).$type<Watched>(),
  },
  // Unique per generation: a duplicate delivery of the analysis message cannot record (or announce) it twice.
  (t) => [uniqueIndex("report_history_generation_unique").on(t.reportId, t.generation)],
);

export const changeSeverities = ["info", "warning", "critical"] as const;
export type ChangeSeverity = (typeof changeSeverities)[number];
export const changeFields = [
  "status_code",
  "final_url",
  "title",
  "meta_description",
  "h1",
  "canonical",
  "robots",
  "indexable",
  "hreflang",
  "structured_data_types",
  "word_count",
  "content",
  "robots_txt",
] as const;
export type ChangeField = (typeof changeFields)[number];

/**
 * What changed on a page between two consecutive completed generations, or in a watched project's robots.txt
 * (docs/monitoring.md "Changes and alerts"): the project's change log. A page change is written in the same batch
 * as the end of its generation, once (unique per report, generation and field); a robots.txt one has no report.
 */
export const changes = sqliteTable(
  "changes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    // The project's name (its host), as crawls keep it: the log outlives nothing but its account and project.
    project: text().notNull(),
    reportId: integer().references(() => reports.id, { onDelete: "cascade" }),
    generation: integer(),
    field: text({ enum: changeFields }).notNull(),
    before: text(),
    after: text(),
    severity: text({ enum: changeSeverities }).notNull(),
    // 0 info, 1 warning, 2 critical: `severity=warning` reads `rank >= 1`.
    rank: integer().notNull(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    // The project log and a report's log, newest first, each through its own index. The project's three each end
    // in what a filter tests, so the page walks one in order (no sort) and the count reads index entries alone,
    // never the rows; `field=` and `severity=critical` read only their own range (p99 < 100 ms at 100,000 changes,
    // docs/benchmarks.md "The change log at 100,000 changes"). The critical one is partial, so no range of ranks
    // can pick it and sort what it reads: only `rank = 2` written as a literal (list-changes.ts).
    index("changes_project_log_idx").on(t.accountId, t.project, t.createdAt, t.id, t.rank, t.field),
    index("changes_project_field_idx").on(t.accountId, t.project, t.field, t.createdAt, t.id, t.rank),
    index("changes_project_critical_idx").on(t.accountId, t.project, t.createdAt, t.id, t.field).where(sql`${t.rank} = 2`),
    index("changes_report_created_idx").on(t.reportId, t.createdAt, t.id),
    uniqueIndex("changes_report_generation_field_unique").on(t.reportId, t.generation, t.field),
  ],
);

/** Watched projects (docs/monitoring.md): the first thing written about a project itself, by PATCH /projects/{project}. */
export const projectWatches = sqliteTable(
  "project_watches",
  {
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    project: text().notNull(),
    watchRobots: integer({ mode: "boolean" }).notNull().default(false),
    // The last robots.txt seen: its text (clipped), whether it answered, and when it is due to be read again.
    robotsBody: text(),
    robotsReachable: integer({ mode: "boolean" }),
    robotsCheckedAt: text(),
    // Unix seconds: the cron reads the due watches through the index, oldest first.
    nextCheckAt: integer(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.project] }),
    index("project_watches_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} IS NOT NULL`),
  ],
);

export const webhookEventTypes = [
  "report.completed",
  "report.failed",
  "report.score_dropped",
  "report.changed",
  "crawl.completed",
  "project.changed",
] as const;
export const webhookFormats = ["standard", "slack"] as const;

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    url: text().notNull(),
    events: text({ mode: "json" }).$type<string[]>().notNull(),
    description: text(),
    enabled: integer({ mode: "boolean" }).notNull().default(true),
    disabledReason: text(),
    // AES-GCM under WEBHOOK_ENCRYPTION_KEY; the previous secret keeps signing until previousSecretExpiresAt.
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: text(),
    // Set by the first failed attempt after a success: the start of a run of failures (5 days of them disable).
    failingSince: text(),
    // report.changed carries the changes at or above it; no change at or above it, no event.
    minSeverity: text({ enum: changeSeverities }).notNull().default("warning"),
    // standard: Standard Webhooks, signed; slack: a Slack incoming-webhook message (its URL is the secret).
    format: text({ enum: webhookFormats }).notNull().default("standard"),
    createdAt: text().notNull().default(now),
    updatedAt: text().notNull().default(now),
  },
  (t) => [index("webhooks_account_idx").on(t.accountId, t.id)],
);

export const deliveryStatuses = ["pending", "succeeded", "failed"] as const;

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // The `webhook-id` header: the same on every attempt.
    messageId: text().notNull(),
    webhookId: integer().notNull().references(() => webhooks.id, { onDelete: "cascade" }),
    // What the event is about (e.g. report.completed:12:3): one delivery per event and endpoint.
    eventKey: text().notNull(),
    type: text().notNull(),
    payload: text().notNull(),
    status: text({ enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    nextAttemptAt: text(),
    createdAt: text().notNull().default(now),
    updatedAt: text().notNull().default(now),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_unique").on(t.webhookId, t.eventKey),
    uniqueIndex("webhook_deliveries_message_unique").on(t.webhookId, t.messageId),
    index("webhook_deliveries_list_idx").on(t.webhookId, t.id),
    // The lost-message sweep reads only pending deliveries that are overdue.
    index("webhook_deliveries_pending_idx").on(t.status, t.nextAttemptAt),
  ],
);

export type Report = typeof reports.$inferSelect;
export type HistoryRow = typeof reportHistory.$inferSelect;
export type Webhook = typeof webhooks.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ChangeRow = typeof changes.$inferSelect;

export const crawlStatuses = ["discovering", "running", "completed", "failed", "cancelled"] as const;
export type CrawlStatus = (typeof crawlStatuses)[number];
export const crawlSchedules = ["none", "daily", "weekly"] as const;

export const crawls = sqliteTable(
  "crawls",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    // The project's name, not its row: a crawl may exist before (or without) any report of its host.
    project: text().notNull(),
    url: text().notNull(),
    source: text({ enum: crawlSources }).notNull().default("auto"),
    status: text({ enum: crawlStatuses }).notNull().default("discovering"),
    limit: integer().notNull().default(100),
    schedule: text({ enum: crawlSchedules }).notNull().default("none"),
    privacy: integer().notNull().default(0),
    passwordHash: text(),
    accessVersion: integer().notNull().default(0),
    ...authColumns(),
    // 1: every page is rendered in the crawl's one browser session (docs/rendering.md).
    render: integer().notNull().default(0),
    // The crawl's browser session (Browser Run session id), reconnected to by every page's consumer.
    browserSession: text(),
    // Browsers launched for this crawl: 1 for a crawl that kept its session (the figure docs/rendering.md promises).
    browserLaunches: integer().notNull().default(0),
    // How discovery went: "sitemap" when a sitemap gave URLs of the host, else "links".
    discoveredBy: text({ enum: ["sitemap", "links"] }),
    found: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    truncated: integer({ mode: "boolean" }).notNull().default(false),
    score: integer(),
    result: text({ enum: ["good", "decent", "bad"] }),
    siteChecks: text({ mode: "json" }),
    // The compare with the crawl before it, stored when the crawl completes so its page never recomputes it.
    compareSummary: text({ mode: "json" }).$type<CompareSummary>(),
    // Its issue counts and page counts, stored by the cron once it completed (src/crawls/summarize-crawls.ts) and
    // before its page rows are pruned: its issues list answers from one row, and a pruned crawl still has them.
    issueSummary: text({ mode: "json" }).$type<IssueSummary>(),
    // Set with issueSummary: from then on its page-level reads are gone (410), whether or not the cron has finished.
    prunedAt: text(),
    // robots.txt and the not-found probe, fetched once at discovery and shared by every page's analysis.
    siteFacts: text({ mode: "json" }),
    /** The origin's field data (the Chrome UX Report), asked once as discovery starts: the crawl resource's `field`. */
    field: text({ mode: "json" }).$type<FieldFacts>(),
    // The polite floor between fetches: CRAWL_INTERVAL_MS, raised to robots.txt's Crawl-delay.
    intervalMs: integer().notNull().default(1000),
    // Concurrent fetches asked for (1-8); the pace (src/crawls/crawl-pace.ts) moves between 1 and it.
    rate: integer().notNull().default(1),
    // robots.txt's Crawl-delay in ms (0: none): while set, one fetch at a time.
    crawlDelayMs: integer().notNull().default(0),
    // The current pace: fetches at once, and the interval, which grows past intervalMs while the site is slow or busy.
    currentRate: integer().notNull().default(1),
    currentIntervalMs: integer().notNull().default(1000),
    // Healthy answers in a row since the pace last changed: enough of them raise it one step.
    healthyRun: integer().notNull().default(0),
    // The fetches in flight: a JSON object of hold token to the epoch ms it expires (a crashed consumer's lapses).
    fetchHolds: text().notNull().default("{}"),
    // Epoch ms before which no fetch of this crawl may start: claimed atomically by each page fetch.
    nextSlotAt: integer().notNull().default(0),
    // Epoch ms up to which page messages are already spread: new pages queue after it.
    queuedUntil: integer().notNull().default(0),
    // Set by the one consumer that finds the last page settled, so site checks are computed once.
    settlingAt: text(),
    errorCode: text(),
    errorMessage: text(),
    previousId: integer(),
    // For a scheduled crawl that finished: when its next run is due (cleared when that run is created).
    nextRunAt: text(),
    createdAt: text().notNull().default(now),
    startedAt: text(),
    finishedAt: text(),
    // Last progress: the stall sweep fails crawls left unfinished without progress.
    updatedAt: text().notNull().default(now),
  },
  (t) => [
    index("crawls_account_id_idx").on(t.accountId, t.id),
    index("crawls_account_finished_idx").on(t.accountId, t.finishedAt, t.id),
    index("crawls_status_updated_idx").on(t.status, t.updatedAt),
    index("crawls_next_run_idx").on(t.nextRunAt),
  ],
);

export const crawlPages = sqliteTable(
  "crawl_pages",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    crawlId: integer().notNull().references(() => crawls.id, { onDelete: "cascade" }),
    url: text().notNull(),
    depth: integer().notNull().default(0),
    inSitemap: integer({ mode: "boolean" }).notNull().default(false),
    // A link of an audited page reaches it (or it is link discovery's start): with inSitemap, its found_via.
    linked: integer({ mode: "boolean" }).notNull().default(false),
    state: text({ enum: crawlPageStates }).notNull().default("pending"),
    reportId: integer(),
    generation: integer(),
    // Compact facts of the audited page (src/site/page-facts.ts), read by the site checks.
    facts: text({ mode: "json" }),
    settledAt: text(),
  },
  (t) => [
    uniqueIndex("crawl_pages_crawl_url_unique").on(t.crawlId, t.url),
    index("crawl_pages_crawl_state_idx").on(t.crawlId, t.state, t.id),
    // (crawl_id, id): a crawl's pages in discovery order without reading and sorting them all (the pages list, its CSV).
    index("crawl_pages_crawl_idx").on(t.crawlId),
  ],
);

/**
 * A crawl's link targets that no audited page answers for (docs/crawls.md "Link checks"): internal ones past the limit
 * or not HTML, and external ones; at most LINK_CHECK_LIMIT a crawl. `checkedAt` null: still to be asked.
 */
export const crawlLinks = sqliteTable(
  "crawl_links",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    crawlId: integer().notNull().references(() => crawls.id, { onDelete: "cascade" }),
    url: text().notNull(),
    kind: text({ enum: linkKinds }).notNull(),
    // The final status after redirects, or the fetch layer's code of why none came (`robots_disallowed`: never asked).
    status: integer(),
    error: text(),
    checkedAt: text(),
  },
  (t) => [uniqueIndex("crawl_links_crawl_url_unique").on(t.crawlId, t.url), index("crawl_links_pending_idx").on(t.crawlId, t.checkedAt, t.id)],
);

/**
 * The page checks each audited crawl page failed, one row per (check, page), written when the page settles: the
 * crawl's issues and the compare of two crawls are counted from it in SQL (docs/crawls.md "Issues and compare"),
 * never by loading every page's results. The key is the only index: counting a crawl's checks, one check's pages
 * and a page's failures in another crawl all walk it.
 */
export const crawlPageFailures = sqliteTable(
  "crawl_page_failures",
  {
    crawlId: integer().notNull().references(() => crawls.id, { onDelete: "cascade" }),
    checkId: text().notNull(),
    crawlPageId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.checkId, t.crawlPageId] })],
);

export type Crawl = typeof crawls.$inferSelect;
export type CrawlPage = typeof crawlPages.$inferSelect;
