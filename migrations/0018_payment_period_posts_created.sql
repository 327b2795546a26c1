ALTER TABLE `payments` ADD `period_ends_at` integer;--> statement-breakpoint
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`);