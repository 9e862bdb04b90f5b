CREATE TABLE `crawl_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`crawl_id` integer NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`status` integer,
	`error` text,
	`checked_at` text,
	FOREIGN KEY (`crawl_id`) REFERENCES `crawls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crawl_links_crawl_url_unique` ON `crawl_links` (`crawl_id`,`url`);--> statement-breakpoint
CREATE INDEX `crawl_links_pending_idx` ON `crawl_links` (`crawl_id`,`checked_at`,`id`);