ALTER TABLE `crawls` ADD `issue_summary` text;--> statement-breakpoint
ALTER TABLE `crawls` ADD `pruned_at` text;