DROP INDEX `reports_account_id_idx`;--> statement-breakpoint
DROP INDEX `reports_account_project_idx`;--> statement-breakpoint
DROP INDEX `reports_status_updated_idx`;--> statement-breakpoint
CREATE INDEX `reports_account_id_score_idx` ON `reports` (`account_id`,`id`,`score`);--> statement-breakpoint
CREATE INDEX `reports_unfinished_updated_idx` ON `reports` (`updated_at`) WHERE "status" IN ('queued', 'processing');