CREATE TABLE `autorenew_charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`period_due` integer NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`refusals` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`payment_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `autorenew_charges_period_unique` ON `autorenew_charges` (`user_id`,`period_due`);--> statement-breakpoint
CREATE INDEX `autorenew_charges_state_idx` ON `autorenew_charges` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `autorenew_enrolments` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`tbk_user_encrypted` text NOT NULL,
	`card_type` text,
	`card_number` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `oneclick_emulator_inscriptions` (
	`token` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`response_url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`tbk_user` text,
	`card_outcome` text,
	`refuse_code` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oneclick_emulator_transactions` (
	`buy_order` text PRIMARY KEY NOT NULL,
	`detail_buy_order` text NOT NULL,
	`commerce_code` text NOT NULL,
	`tbk_user` text NOT NULL,
	`amount` integer NOT NULL,
	`installments_number` integer NOT NULL,
	`status` text NOT NULL,
	`response_code` integer NOT NULL,
	`authorization_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oneclick_inscriptions` (
	`token` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `detail_buy_order` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_autorenew_notice_unique` ON `notifications` (`user_id`,`detail`) WHERE kind = 'autorenew_notice';