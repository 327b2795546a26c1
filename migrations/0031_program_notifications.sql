-- Programs' notifications: "a new lesson opened" and "your cohort starts tomorrow" are written once per
-- member and lesson (or program) by the hourly job: racing or repeated runs insert nothing more.
CREATE UNIQUE INDEX `notifications_program_unique` ON `notifications` (`user_id`,`kind`,`detail`) WHERE kind in ('lesson_opened', 'cohort_starting');
