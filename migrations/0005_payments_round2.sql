ALTER TABLE `payments` ADD `is_test` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `card_last4` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_type` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_authorization_code` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_amount_clp` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `payments_status_created_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `webpay_emulator_transactions` ADD `expires_at` integer;