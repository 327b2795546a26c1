-- A refused renewal's grace: once automatic renewal gives up on a period, the member keeps access until
-- `grace_until` and can enrol a new card, which retries the charge at once. A charge paid after a refusal is marked
-- `recovered_at` (the revenue dashboard's recovery rate counts that mark).
ALTER TABLE `memberships` ADD `grace_until` integer;--> statement-breakpoint
ALTER TABLE `autorenew_charges` ADD `recovered_at` integer;
