ALTER TABLE `crawls` ADD `render` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `crawls` ADD `browser_session` text;--> statement-breakpoint
ALTER TABLE `crawls` ADD `browser_launches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `render` integer DEFAULT 0 NOT NULL;