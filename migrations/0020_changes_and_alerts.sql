CREATE TABLE `changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`project` text NOT NULL,
	`report_id` integer,
	`generation` integer,
	`field` text NOT NULL,
	`before` text,
	`after` text,
	`severity` text NOT NULL,
	`rank` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `changes_account_project_created_idx` ON `changes` (`account_id`,`project`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `changes_report_created_idx` ON `changes` (`report_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `changes_report_generation_field_unique` ON `changes` (`report_id`,`generation`,`field`);--> statement-breakpoint
CREATE TABLE `project_watches` (
	`account_id` integer NOT NULL,
	`project` text NOT NULL,
	`watch_robots` integer DEFAULT false NOT NULL,
	`robots_body` text,
	`robots_reachable` integer,
	`robots_checked_at` text,
	`next_check_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`account_id`, `project`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_watches_due_idx` ON `project_watches` (`next_check_at`) WHERE "project_watches"."next_check_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `report_history` ADD `watched` text;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `min_severity` text DEFAULT 'warning' NOT NULL;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `format` text DEFAULT 'standard' NOT NULL;