ALTER TABLE `accounts` ADD `max_crawl_rate` integer;--> statement-breakpoint
ALTER TABLE `crawls` ADD `rate` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `crawl_delay_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `current_rate` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `current_interval_ms` integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `healthy_run` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `fetch_holds` text DEFAULT '{}' NOT NULL;