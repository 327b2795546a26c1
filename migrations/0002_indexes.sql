CREATE INDEX `resources_created_idx` ON `resources` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);