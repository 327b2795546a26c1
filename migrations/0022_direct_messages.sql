CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`);--> statement-breakpoint
ALTER TABLE `channels` ADD `direct_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `channels_direct_key_unique` ON `channels` (`direct_key`);--> statement-breakpoint
ALTER TABLE `users` ADD `direct_messages` text DEFAULT 'everyone' NOT NULL;