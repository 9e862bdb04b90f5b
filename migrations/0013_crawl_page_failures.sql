CREATE TABLE `crawl_page_failures` (
	`crawl_id` integer NOT NULL,
	`check_id` text NOT NULL,
	`crawl_page_id` integer NOT NULL,
	PRIMARY KEY(`crawl_id`, `check_id`, `crawl_page_id`),
	FOREIGN KEY (`crawl_id`) REFERENCES `crawls`(`id`) ON UPDATE no action ON DELETE cascade
);
