CREATE TABLE `content_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`content` text NOT NULL,
	`replaced_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_versions_target_idx` ON `content_versions` (`kind`,`target_id`,`id`);--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `reply_to` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `report_reasons` ADD `reported_text` text;