DROP INDEX `changes_account_project_created_idx`;--> statement-breakpoint
CREATE INDEX `changes_project_log_idx` ON `changes` (`account_id`,`project`,`created_at`,`id`,`rank`,`field`);