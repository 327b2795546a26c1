-- The revenue dashboard's reads of payments (worker/features/payments/queries/revenue.ts), each an index range in
-- its order with every column it needs in the index (no row lookups): completed payments by period end (MRR by day),
-- by member and period end (movements, cohort points, the payment before the range), by member and period start (a
-- member's first payment) and payments by settlement (revenue by month). The start expression is written exactly as
-- the queries write it, so the planner matches it.
CREATE INDEX `payments_covered_ends_idx` ON `payments` (`status`,`period_ends_at`,`period_days`,`amount_clp`,`plan`,`user_id`);--> statement-breakpoint
CREATE INDEX `payments_covered_user_idx` ON `payments` (`status`,`user_id`,`period_ends_at`,`period_days`,`amount_clp`,`plan`);--> statement-breakpoint
CREATE INDEX `payments_covered_start_idx` ON `payments` (`status`,`user_id`,period_ends_at - period_days * 86400000,`plan`);--> statement-breakpoint
CREATE INDEX `payments_settled_idx` ON `payments` (`status`,`settled_at`,`plan`,`amount_clp`,`coupon_code`,`discount_clp`);
