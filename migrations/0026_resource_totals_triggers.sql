-- resource_totals holds the number of resources in one row (id 1): filled here, then kept by a trigger
-- on every insert and delete of a resource, beside the tag counts of 0015_resource_tags_triggers.sql.
-- The insert upserts the row: emptying both tables (as the worker tests do between cases) starts it at 0 again.
INSERT INTO `resource_totals` (`id`, `resources`) SELECT 1, count(*) FROM `resources`;
--> statement-breakpoint
CREATE TRIGGER `resources_total_insert` AFTER INSERT ON `resources` BEGIN
  INSERT INTO `resource_totals` (`id`, `resources`) VALUES (1, 1)
    ON CONFLICT (`id`) DO UPDATE SET `resources` = `resources` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `resources_total_delete` AFTER DELETE ON `resources` BEGIN
  UPDATE `resource_totals` SET `resources` = `resources` - 1 WHERE `id` = 1;
END;
