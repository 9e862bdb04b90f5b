CREATE TABLE `analysis_host_answers` (
	`host` text PRIMARY KEY NOT NULL,
	`answered_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analysis_slow_urls` (
	`url` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`slow_until` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analysis_slow_urls_host_idx` ON `analysis_slow_urls` (`host`,`slow_until`);