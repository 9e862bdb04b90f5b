CREATE TABLE `analysis_host_probes` (
	`host` text PRIMARY KEY NOT NULL,
	`report_id` integer,
	`until` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analysis_host_waits` (
	`host` text NOT NULL,
	`lane` text NOT NULL,
	`account_id` integer NOT NULL,
	`until` integer NOT NULL,
	PRIMARY KEY(`host`, `lane`, `account_id`)
);
--> statement-breakpoint
ALTER TABLE `analysis_host_slots` ADD `account_id` integer;--> statement-breakpoint
ALTER TABLE `analysis_slow_urls` ADD `path` text;--> statement-breakpoint
CREATE INDEX `analysis_slow_urls_path_idx` ON `analysis_slow_urls` (`path`,`slow_until`);