CREATE TABLE `invitation_emails` (
	`channel_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`channel_id`, `email`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_pending_idx` ON `notification_deliveries` (`created_at`) WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX `notification_deliveries_notification_idx` ON `notification_deliveries` (`notification_id`);--> statement-breakpoint
-- Delivery is a consequence of writing: the statement that writes a notification also writes its pending
-- delivery, whichever code wrote it, so none is written and never delivered (a sender queues it right after the
-- response; the five-minute sweep sends whatever is still pending a minute later).
CREATE TRIGGER `notifications_outbox_insert` AFTER INSERT ON `notifications` BEGIN
  INSERT INTO `notification_deliveries` (`notification_id`, `user_id`) VALUES (new.`id`, new.`user_id`);
END;
--> statement-breakpoint
-- A grouped notification (likes, reactions) is delivered again when it counts one more.
CREATE TRIGGER `notifications_outbox_regroup` AFTER UPDATE OF `count` ON `notifications`
  WHEN new.`count` > old.`count` BEGIN
  INSERT INTO `notification_deliveries` (`notification_id`, `user_id`) VALUES (new.`id`, new.`user_id`);
END;
