DROP INDEX `changes_account_project_created_idx`;--> statement-breakpoint
CREATE INDEX `changes_project_log_idx` ON `changes` (`account_id`,`project`,`created_at`,`id`,`rank`,`field`);--> statement-breakpoint
CREATE INDEX `changes_project_field_idx` ON `changes` (`account_id`,`project`,`field`,`created_at`,`id`,`rank`);--> statement-breakpoint
CREATE INDEX `changes_project_critical_idx` ON `changes` (`account_id`,`project`,`created_at`,`id`,`field`) WHERE "changes"."rank" = 2;