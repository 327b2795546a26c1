CREATE TABLE `resource_tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`resources` integer NOT NULL
);
