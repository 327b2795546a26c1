-- Search over events (issue 35): title, description (the markdown source) and place, kept by triggers
-- like the other indexes of 0003_search.sql, accents ignored.
CREATE VIRTUAL TABLE events_fts USING fts5(title, description, place, content='events', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
  INSERT INTO events_fts(rowid, title, description, place) VALUES (new.id, new.title, new.description, new.place);
END;
--> statement-breakpoint
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  INSERT INTO events_fts(events_fts, rowid, title, description, place) VALUES ('delete', old.id, old.title, old.description, old.place);
END;
--> statement-breakpoint
CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, place ON events BEGIN
  INSERT INTO events_fts(events_fts, rowid, title, description, place) VALUES ('delete', old.id, old.title, old.description, old.place);
  INSERT INTO events_fts(rowid, title, description, place) VALUES (new.id, new.title, new.description, new.place);
END;
