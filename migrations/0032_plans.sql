-- Plans are rows: the admin edits name, price, period and trial length, and retires a plan rather than
-- deleting it (payments name it). The monthly plan is the product's specification (15,000 CLP for 30 days); the yearly
-- plan is the first offer. A payment keeps the period it was opened for, so approval and refund extend or shorten
-- the membership by that period, whatever the plan says later.
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`amount_clp` integer NOT NULL,
	`period_days` integer NOT NULL,
	`trial_days` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `plans` (`id`, `name`, `amount_clp`, `period_days`, `trial_days`, `active`, `position`, `updated_at`) VALUES
	('monthly', 'Monthly', 15000, 30, 0, 1, 0, unixepoch() * 1000),
	('yearly', 'Yearly', 150000, 365, 0, 1, 1, unixepoch() * 1000);--> statement-breakpoint
ALTER TABLE `payments` ADD `period_days` integer DEFAULT 30 NOT NULL;
