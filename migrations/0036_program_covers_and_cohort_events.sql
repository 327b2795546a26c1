-- Programs' cover images: the R2 key of the cover, null when it has none.
ALTER TABLE `programs` ADD `cover_key` text;--> statement-breakpoint
-- Cohort events: an event may belong to a program; its enrolled members see it first in GET /api/events,
-- and the program's page lists it. Deleting the program keeps the event (no longer a cohort's).
ALTER TABLE `events` ADD `program_id` integer REFERENCES `programs`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `events_program_idx` ON `events` (`program_id`, `starts_at`);
