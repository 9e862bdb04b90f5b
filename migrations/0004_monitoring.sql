CREATE TABLE `report_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`generation` integer NOT NULL,
	`status` text NOT NULL,
	`score` integer,
	`result` text,
	`issues_high` integer DEFAULT 0 NOT NULL,
	`issues_medium` integer DEFAULT 0 NOT NULL,
	`issues_low` integer DEFAULT 0 NOT NULL,
	`failed_checks` text NOT NULL,
	`error_code` text,
	`error_message` text,
	`generated_at` text NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_history_generation_unique` ON `report_history` (`report_id`,`generation`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`webhook_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`next_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_unique` ON `webhook_deliveries` (`webhook_id`,`event_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_message_unique` ON `webhook_deliveries` (`webhook_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_list_idx` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_pending_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`description` text,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` text,
	`failing_since` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhooks_account_idx` ON `webhooks` (`account_id`,`id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `previous_score` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `schedule` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `next_run_at` integer;--> statement-breakpoint
CREATE INDEX `reports_next_run_idx` ON `reports` (`next_run_at`,`id`) WHERE "reports"."next_run_at" IS NOT NULL;