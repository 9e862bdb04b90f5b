ALTER TABLE `crawls` ADD `auth_secret` text;--> statement-breakpoint
ALTER TABLE `crawls` ADD `auth_summary` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `auth_secret` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `auth_summary` text;