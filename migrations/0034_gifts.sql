-- Gifts and pauses: a member buys 1, 3 or 12 months for an email address through Webpay Plus (a payment with plan
-- 'gift', which extends no membership of the buyer's). The code the recipient gets is never stored: only its SHA-256
-- (code_hash, for the redeem's lookup) and the nonce the code is derived from with the server's secret, so the table
-- alone redeems nothing. pending (unpaid) -> paid (emailed) -> redeemed | refunded; pending -> failed.
CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code_hash` text NOT NULL,
	`nonce` text NOT NULL,
	`buyer_id` integer,
	`buyer_name` text,
	`recipient_email` text NOT NULL,
	`message` text,
	`months` integer NOT NULL,
	`period_days` integer NOT NULL,
	`payment_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`redeemed_by` integer,
	`redeemed_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`redeemed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_code_hash_unique` ON `gifts` (`code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_payment_unique` ON `gifts` (`payment_id`);--> statement-breakpoint
-- The sweep that emails paid gifts: pending gifts, oldest first.
CREATE INDEX `gifts_status_idx` ON `gifts` (`status`,`id`);
--> statement-breakpoint
-- Pauses: a member with automatic renewal skips 1 to 3 periods; the renewal is charged again on resume_at
-- (NULL: not paused). Access ends with the current period, as it would without a charge.
ALTER TABLE `autorenew_enrolments` ADD `resume_at` integer;
