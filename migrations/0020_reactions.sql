CREATE TABLE `reactions` (
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`emoji` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`kind`, `target_id`, `user_id`, `emoji`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reactions_user_idx` ON `reactions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_reactions_unique` ON `notifications` (`user_id`,`detail`) WHERE kind = 'reaction' and read_at is null;