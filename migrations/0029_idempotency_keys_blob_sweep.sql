-- Idempotent writes (worker/platform/idempotency.ts): a member's Idempotency-Key is claimed before its write runs
-- (status NULL while it runs), then holds the first outcome (status and JSON body) for 24 hours. The primary key
-- makes the claim one conditional INSERT: a repeat can never claim the same key twice.
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);--> statement-breakpoint
-- A member's keys newest first (the per-member bound), and the hourly prune by age.
CREATE INDEX `idempotency_keys_user_created_idx` ON `idempotency_keys` (`user_id`, `created_at`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
-- The orphan R2 sweep (worker/platform/sweep-orphan-blobs.ts) asks which listed keys a row still holds.
CREATE INDEX `messages_image_key_idx` ON `messages` (`image_key`) WHERE "messages"."image_key" is not null;--> statement-breakpoint
CREATE INDEX `resources_file_key_idx` ON `resources` (`file_key`);--> statement-breakpoint
-- The delivery sweep takes back deliveries left `queued` by a sender that stopped before the queue took them.
CREATE INDEX `notification_deliveries_queued_idx` ON `notification_deliveries` (`updated_at`) WHERE state = 'queued';
