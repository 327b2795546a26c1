-- An item's reactions (issue 36) go with the item, whatever deletes it: its author, an admin, a post's
-- comments with the post, a channel's or an account's deletion (foreign-key cascades fire these triggers
-- too), and a message's when its sender deletes it (the row stays as the "message deleted" placeholder).
-- Hand-written: drizzle-kit cannot declare triggers (`drizzle-kit generate --custom`).
CREATE TRIGGER reactions_post_delete AFTER DELETE ON posts BEGIN
  DELETE FROM reactions WHERE kind = 'post' AND target_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_comment_delete AFTER DELETE ON comments BEGIN
  DELETE FROM reactions WHERE kind = 'comment' AND target_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_message_delete AFTER DELETE ON messages BEGIN
  DELETE FROM reactions WHERE kind = 'message' AND target_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER reactions_message_soft_delete AFTER UPDATE OF deleted_at ON messages
WHEN new.deleted_at IS NOT NULL BEGIN
  DELETE FROM reactions WHERE kind = 'message' AND target_id = new.id;
END;
