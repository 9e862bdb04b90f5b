CREATE TABLE `account_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`from_shard` integer NOT NULL,
	`to_shard` integer NOT NULL,
	`phase` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`last_id` integer DEFAULT 0 NOT NULL,
	`rows_copied` integer DEFAULT 0 NOT NULL,
	`rows_deleted` integer DEFAULT 0 NOT NULL,
	`moving_since` text NOT NULL,
	`phase_since` text NOT NULL,
	`switched_at` text,
	`abort_requested` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_moves_open` ON `account_moves` (`phase`,`account_id`);