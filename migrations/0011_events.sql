CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `event_cancelled_occurrences` (
	`event_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `starts_at`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `event_rsvps` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`responded_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_rsvps_status_idx` ON `event_rsvps` (`event_id`,`status`,`responded_at`);--> statement-breakpoint
CREATE INDEX `event_rsvps_user_idx` ON `event_rsvps` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`description_html` text DEFAULT '' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`repeat` text,
	`repeat_until` integer,
	`last_ends_at` integer NOT NULL,
	`location` text NOT NULL,
	`place` text,
	`meeting_url` text,
	`host_id` integer,
	`capacity` integer,
	`paid_only` integer DEFAULT false NOT NULL,
	`cancelled_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_uid_unique` ON `events` (`uid`);--> statement-breakpoint
CREATE INDEX `events_starts_idx` ON `events` (`starts_at`,`id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `event_id` integer REFERENCES events(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_reminder_unique` ON `notifications` (`user_id`,`event_id`,`detail`) WHERE kind = 'event_reminder';