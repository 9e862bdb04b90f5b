CREATE TABLE `crawl_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`crawl_id` integer NOT NULL,
	`url` text NOT NULL,
	`depth` integer DEFAULT 0 NOT NULL,
	`in_sitemap` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`report_id` integer,
	`generation` integer,
	`facts` text,
	`settled_at` text,
	FOREIGN KEY (`crawl_id`) REFERENCES `crawls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crawl_pages_crawl_url_unique` ON `crawl_pages` (`crawl_id`,`url`);--> statement-breakpoint
CREATE INDEX `crawl_pages_crawl_state_idx` ON `crawl_pages` (`crawl_id`,`state`,`id`);--> statement-breakpoint
CREATE TABLE `crawls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`project` text NOT NULL,
	`url` text NOT NULL,
	`source` text DEFAULT 'auto' NOT NULL,
	`status` text DEFAULT 'discovering' NOT NULL,
	`limit` integer DEFAULT 100 NOT NULL,
	`schedule` text DEFAULT 'none' NOT NULL,
	`privacy` integer DEFAULT 0 NOT NULL,
	`password_hash` text,
	`access_version` integer DEFAULT 0 NOT NULL,
	`discovered_by` text,
	`found` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`truncated` integer DEFAULT false NOT NULL,
	`score` integer,
	`result` text,
	`site_checks` text,
	`site_facts` text,
	`interval_ms` integer DEFAULT 1000 NOT NULL,
	`next_slot_at` integer DEFAULT 0 NOT NULL,
	`queued_until` integer DEFAULT 0 NOT NULL,
	`settling_at` text,
	`error_code` text,
	`error_message` text,
	`previous_id` integer,
	`next_run_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`started_at` text,
	`finished_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `crawls_account_id_idx` ON `crawls` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `crawls_account_finished_idx` ON `crawls` (`account_id`,`finished_at`,`id`);--> statement-breakpoint
CREATE INDEX `crawls_status_updated_idx` ON `crawls` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `crawls_next_run_idx` ON `crawls` (`next_run_at`);