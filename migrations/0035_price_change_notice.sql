-- A price change never surprises a member: a raise keeps each enrolled renewal's price until 30 days
-- after the member was told. The kept price and when they were told live on the membership renewalPrice reads.
ALTER TABLE `memberships` ADD `kept_price_clp` integer;--> statement-breakpoint
ALTER TABLE `memberships` ADD `price_told_at` integer;
