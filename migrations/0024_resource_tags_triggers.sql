-- resource_tags counts the resources that carry each tag (a resource's tags are a JSON list of
-- strings; an invalid value counts as no tags, a tag repeated in one resource counts once). Triggers
-- keep it in step with every insert, tag change and delete; a tag whose count reaches 0 is removed.
INSERT INTO `resource_tags` (`tag`, `resources`)
SELECT t.value, count(DISTINCT r.id) FROM `resources` r, json_each(CASE WHEN json_valid(r.tags) THEN r.tags ELSE '[]' END) t
WHERE t.type = 'text' GROUP BY t.value;
--> statement-breakpoint
CREATE TRIGGER `resources_tags_insert` AFTER INSERT ON `resources` BEGIN
  INSERT INTO `resource_tags` (`tag`, `resources`)
    SELECT DISTINCT value, 1 FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) WHERE type = 'text'
    ON CONFLICT (`tag`) DO UPDATE SET `resources` = `resources` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `resources_tags_delete` AFTER DELETE ON `resources` BEGIN
  UPDATE `resource_tags` SET `resources` = `resources` - 1
    WHERE `tag` IN (SELECT value FROM json_each(CASE WHEN json_valid(old.tags) THEN old.tags ELSE '[]' END) WHERE type = 'text');
  DELETE FROM `resource_tags` WHERE `resources` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `resources_tags_update` AFTER UPDATE OF `tags` ON `resources` WHEN old.tags IS NOT new.tags BEGIN
  UPDATE `resource_tags` SET `resources` = `resources` - 1
    WHERE `tag` IN (SELECT value FROM json_each(CASE WHEN json_valid(old.tags) THEN old.tags ELSE '[]' END) WHERE type = 'text');
  DELETE FROM `resource_tags` WHERE `resources` <= 0;
  INSERT INTO `resource_tags` (`tag`, `resources`)
    SELECT DISTINCT value, 1 FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) WHERE type = 'text'
    ON CONFLICT (`tag`) DO UPDATE SET `resources` = `resources` + 1;
END;
