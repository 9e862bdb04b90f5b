ALTER TABLE `report_history` ADD `metrics` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `device` text DEFAULT 'mobile' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `metrics` text;