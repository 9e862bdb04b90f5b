CREATE TABLE `analysis_host_slots` (
	`report_id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analysis_host_slots_host_idx` ON `analysis_host_slots` (`host`,`expires_at`);--> statement-breakpoint
ALTER TABLE `reports` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `last_error_code` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `last_error_message` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `last_error_at` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `next_attempt_at` text;