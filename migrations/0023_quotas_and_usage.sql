CREATE TABLE `account_usage` (
	`account_id` integer NOT NULL,
	`month` text NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	`crawl_pages` integer DEFAULT 0 NOT NULL,
	`rendered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `month`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `quota_reports` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `quota_crawl_pages` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `quota_rendered` integer;