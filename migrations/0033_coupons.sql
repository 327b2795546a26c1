-- Coupons and scholarships. A coupon takes a percentage or whole pesos off, for the first `periods`
-- payments (NULL: every one), on the plans named (plan_ids, a JSON array; NULL: every plan), until expires_at, at most
-- max_redemptions times. `redemptions` is taken by ONE conditional UPDATE when a checkout opens (so two racing
-- checkouts cannot both take the last one) and given back when that payment fails. A 100% coupon is a scholarship:
-- the payment is recorded completed at 0 CLP, its reason the coupon's.
CREATE TABLE `coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`percent_off` integer,
	`amount_off_clp` integer,
	`periods` integer,
	`plan_ids` text,
	`expires_at` integer,
	`max_redemptions` integer,
	`redemptions` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CHECK ((`percent_off` IS NULL) <> (`amount_off_clp` IS NULL))
);--> statement-breakpoint
ALTER TABLE `payments` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `discount_clp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The coupon the membership's latest payment used: renewals go on applying it for its periods.
ALTER TABLE `memberships` ADD `coupon_code` text;--> statement-breakpoint
CREATE INDEX `payments_user_coupon_idx` ON `payments` (`user_id`,`coupon_code`);
