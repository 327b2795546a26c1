CREATE TABLE `resource_tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`resources` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `resource_tags_order_idx` ON `resource_tags` ("tag" collate nocase,`tag`);--> statement-breakpoint
CREATE TABLE `resource_totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`resources` integer NOT NULL
);
