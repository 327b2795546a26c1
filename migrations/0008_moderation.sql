CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE TABLE `report_reasons` (
	`report_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`report_id`, `reporter_id`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_reasons_reporter_idx` ON `report_reasons` (`reporter_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_target_unique` ON `reports` (`kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`id`);--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `muted_until` integer;