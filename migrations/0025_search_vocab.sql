-- The terms of each search index, one row per occurrence (fts5vocab 'instance'), read by search to
-- expand the last word of a query into the whole terms that start with it: a seek per term, where a
-- prefix query ("word"*) merges every matching row of the index first (worker/features/search/queries.ts).
CREATE VIRTUAL TABLE posts_fts_terms USING fts5vocab(posts_fts, 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE comments_fts_terms USING fts5vocab(comments_fts, 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE messages_fts_terms USING fts5vocab(messages_fts, 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE resources_fts_terms USING fts5vocab(resources_fts, 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE events_fts_terms USING fts5vocab(events_fts, 'instance');
