-- Trials: a plan's trial_days free, on an enrolled Oneclick card, charged by the daily renewal job when it ends. One
-- per member (user_id UNIQUE) and one per card (card type + the masked number Transbank answers, UNIQUE); the row
-- outlives the account (user_id set null) so a card cannot try again under a new one. `id` is random per start, so
-- the batch that begins a trial can tell its own row from a racing one's.
CREATE TABLE `trials` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`plan` text NOT NULL,
	`card_type` text NOT NULL,
	`card_number` text NOT NULL,
	`coupon_code` text,
	`started_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `trials_user_unique` ON `trials` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `trials_card_unique` ON `trials` (`card_type`,`card_number`);--> statement-breakpoint
-- The dashboard's daily count of members on a trial reads the trials overlapping its range.
CREATE INDEX `trials_ends_idx` ON `trials` (`ends_at`);--> statement-breakpoint
-- An inscription started to begin a trial: the plan (and coupon) the trial begins with once the card is enrolled.
ALTER TABLE `oneclick_inscriptions` ADD `trial_plan` text;--> statement-breakpoint
ALTER TABLE `oneclick_inscriptions` ADD `trial_coupon` text;--> statement-breakpoint
-- Pauses as they happened (autorenew_enrolments.resume_at holds only the current one): from the due date the pause
-- skipped to the date renewal resumed (the date chosen, or when the member resumed or stopped early). One row per
-- member and due date: a pause changed before it starts is the same pause.
CREATE TABLE `membership_pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `membership_pauses_user_start_unique` ON `membership_pauses` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `membership_pauses_ends_idx` ON `membership_pauses` (`ends_at`);--> statement-breakpoint
-- The dashboard's upcoming renewals find the pauses resuming within 30 days by their date.
CREATE INDEX `autorenew_enrolments_resume_idx` ON `autorenew_enrolments` (`resume_at`);
