-- Programs: programs, their lessons, members' enrolments and lesson progress, the private practice log
-- and weekly goal, and the resumable (R2 multipart) uploads of lesson media. Written from worker/db/schema/programs.ts.
CREATE TABLE `lesson_progress` (
	`lesson_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`program_id` integer NOT NULL,
	`position_seconds` integer DEFAULT 0 NOT NULL,
	`done_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`lesson_id`, `user_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `program_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_progress_user_idx` ON `lesson_progress` (`user_id`,`program_id`);--> statement-breakpoint
CREATE INDEX `lesson_progress_program_idx` ON `lesson_progress` (`program_id`,`lesson_id`);--> statement-breakpoint
CREATE TABLE `lesson_upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `lesson_uploads`(`upload_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lesson_uploads` (
	`upload_id` text PRIMARY KEY NOT NULL,
	`lesson_id` integer NOT NULL,
	`key` text NOT NULL,
	`size` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text,
	`media_kind` text,
	`declared_type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `program_lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_uploads_created_idx` ON `lesson_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `practice_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`practised_on` text NOT NULL,
	`minutes` integer NOT NULL,
	`note` text,
	`mood` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_entries_user_idx` ON `practice_entries` (`user_id`,`practised_on`);--> statement-breakpoint
CREATE TABLE `practice_goals` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`weekly_goal_minutes` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_enrolments` (
	`program_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`finished_at` integer,
	`last_active_at` integer NOT NULL,
	PRIMARY KEY(`program_id`, `user_id`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_enrolments_user_idx` ON `program_enrolments` (`user_id`);--> statement-breakpoint
CREATE TABLE `program_lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`body_html` text DEFAULT '' NOT NULL,
	`opens_on` text,
	`media_key` text,
	`media_type` text,
	`media_kind` text,
	`media_size` integer,
	`duration_seconds` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_lessons_program_idx` ON `program_lessons` (`program_id`,`position`);--> statement-breakpoint
CREATE TABLE `programs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`paid_only` integer DEFAULT false NOT NULL,
	`unlock` text DEFAULT 'all' NOT NULL,
	`time_zone` text NOT NULL,
	`starts_on` text,
	`channel_id` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `programs_published_idx` ON `programs` (`published_at`,`id`);