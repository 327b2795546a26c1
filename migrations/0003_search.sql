-- Full-text search (issue 19): one FTS5 index per searchable table, hand-written (drizzle-kit cannot
-- declare virtual tables or triggers; this file was made by `drizzle-kit generate --custom`).
-- Each index is an external-content table over its source (the text is stored once, in the source
-- table; snippet() reads it from there), kept in step by triggers on insert, update and delete.
-- remove_diacritics 2: "cancion" finds "canción" and the other way round (members write Spanish).
-- The indexes are derived data: `INSERT INTO <name>(<name>) VALUES('rebuild')` recreates one from its table.
CREATE VIRTUAL TABLE posts_fts USING fts5(content, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
  INSERT INTO posts_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_update AFTER UPDATE OF content ON posts BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO posts_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE comments_fts USING fts5(content, content='comments', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER comments_fts_insert AFTER INSERT ON comments BEGIN
  INSERT INTO comments_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER comments_fts_delete AFTER DELETE ON comments BEGIN
  INSERT INTO comments_fts(comments_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER comments_fts_update AFTER UPDATE OF content ON comments BEGIN
  INSERT INTO comments_fts(comments_fts, rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO comments_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE messages_fts USING fts5(body, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER messages_fts_update AFTER UPDATE OF body ON messages BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
  INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE resources_fts USING fts5(title, description, tags, content='resources', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER resources_fts_insert AFTER INSERT ON resources BEGIN
  INSERT INTO resources_fts(rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER resources_fts_delete AFTER DELETE ON resources BEGIN
  INSERT INTO resources_fts(resources_fts, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER resources_fts_update AFTER UPDATE OF title, description, tags ON resources BEGIN
  INSERT INTO resources_fts(resources_fts, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
  INSERT INTO resources_fts(rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO comments_fts(comments_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO resources_fts(resources_fts) VALUES ('rebuild');
