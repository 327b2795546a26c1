-- Programs' cover images (issue 46): the R2 key of the cover, null when it has none.
ALTER TABLE `programs` ADD `cover_key` text;
