-- Earlier versions of an edited item (content_versions, issue 36) go with the item, whatever deletes it:
-- its author, an admin, a channel's deletion or an account's (foreign-key cascades fire these triggers too).
-- Hand-written: drizzle-kit cannot declare triggers (`drizzle-kit generate --custom`).
CREATE TRIGGER content_versions_post_delete AFTER DELETE ON posts BEGIN
  DELETE FROM content_versions WHERE kind = 'post' AND target_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER content_versions_comment_delete AFTER DELETE ON comments BEGIN
  DELETE FROM content_versions WHERE kind = 'comment' AND target_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER content_versions_message_delete AFTER DELETE ON messages BEGIN
  DELETE FROM content_versions WHERE kind = 'message' AND target_id = old.id;
END;
