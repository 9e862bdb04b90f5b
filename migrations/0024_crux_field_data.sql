CREATE TABLE `crux_queries` (
	`minute` integer PRIMARY KEY NOT NULL,
	`used` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `crux_records` (
	`target` text NOT NULL,
	`form_factor` text NOT NULL,
	`record` text,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`target`, `form_factor`)
);
--> statement-breakpoint
ALTER TABLE `crawls` ADD `field` text;