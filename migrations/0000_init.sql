CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_prefix_idx` ON `api_keys` (`prefix`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_account_name_unique` ON `projects` (`account_id`,`name`);--> statement-breakpoint
CREATE INDEX `projects_account_created_idx` ON `projects` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`url` text NOT NULL,
	`final_url` text,
	`privacy` integer DEFAULT 0 NOT NULL,
	`password_hash` text,
	`access_version` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`score` integer,
	`result` text,
	`issues_high` integer DEFAULT 0 NOT NULL,
	`issues_medium` integer DEFAULT 0 NOT NULL,
	`issues_low` integer DEFAULT 0 NOT NULL,
	`results` text,
	`error_code` text,
	`error_message` text,
	`generated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reports_account_id_idx` ON `reports` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_project_idx` ON `reports` (`account_id`,`project_id`,`id`);--> statement-breakpoint
CREATE INDEX `reports_project_score_idx` ON `reports` (`project_id`,`score`);--> statement-breakpoint
CREATE INDEX `reports_account_url_idx` ON `reports` (`account_id`,`url`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_score_idx` ON `reports` (`account_id`,("score" IS NULL),`score`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_generated_idx` ON `reports` (`account_id`,("generated_at" IS NULL),`generated_at`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_score_desc_idx` ON `reports` (`account_id`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `reports_account_generated_desc_idx` ON `reports` (`account_id`,`generated_at`,`id`);--> statement-breakpoint
CREATE TABLE `unlock_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`client` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `unlock_attempts_lookup_idx` ON `unlock_attempts` (`report_id`,`client`,`created_at`);