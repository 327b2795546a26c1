CREATE TABLE `channel_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`email` text NOT NULL,
	`invited_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_invitations_channel_email_unique` ON `channel_invitations` (`channel_id`,`email`);--> statement-breakpoint
CREATE INDEX `channel_invitations_email_idx` ON `channel_invitations` (`email`);