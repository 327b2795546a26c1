-- The revenue dashboard's day totals, kept by triggers as payments are written, so MRR by day and revenue by month read
-- a row per day (and plan) whatever the number of payments. Days are UTC day numbers (ms / 86,400,000).
-- revenue_days: what each day changes in MRR and paying members: a completed membership payment (gifts and payments of
-- deleted accounts apart, as the dashboard always counted) adds its monthly value and one member on the day its period
-- starts and takes them back on the day it ends; a running sum over the days gives each day's MRR.
-- revenue_day_plans: per day and plan, what was charged (payments settled that day, refunded since or not) and
-- refunded (refunds made that day), and the coupons' part.
-- Each trigger takes back what the old row counted and adds what the new one counts. The export restores these tables
-- after payments, emptied of what the triggers wrote on the way (scripts/db-export.mjs), so they end as exported.
-- Revenue by month reads revenue_day_plans now, not payments by settlement.
DROP INDEX `payments_settled_idx`;--> statement-breakpoint
CREATE TABLE `revenue_days` (
	`day` integer PRIMARY KEY NOT NULL,
	`mrr` real DEFAULT 0 NOT NULL,
	`paying` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE `revenue_day_plans` (
	`day` integer NOT NULL,
	`plan` text NOT NULL,
	`charged_clp` integer DEFAULT 0 NOT NULL,
	`refunded_clp` integer DEFAULT 0 NOT NULL,
	`payments` integer DEFAULT 0 NOT NULL,
	`coupon_payments` integer DEFAULT 0 NOT NULL,
	`discount_clp` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `plan`)
);--> statement-breakpoint
INSERT INTO `revenue_days` (`day`, `mrr`, `paying`)
  SELECT `day`, sum(`mrr`), sum(`n`) FROM (
    SELECT (period_ends_at - period_days * 86400000) / 86400000 AS `day`, amount_clp * 1.0 / max(1, round(period_days / 30.0)) AS `mrr`, 1 AS `n`
      FROM `payments` WHERE status = 'completed' AND plan <> 'gift' AND period_ends_at IS NOT NULL AND user_id IS NOT NULL
    UNION ALL
    SELECT period_ends_at / 86400000, -(amount_clp * 1.0 / max(1, round(period_days / 30.0))), -1
      FROM `payments` WHERE status = 'completed' AND plan <> 'gift' AND period_ends_at IS NOT NULL AND user_id IS NOT NULL
  ) GROUP BY `day`;--> statement-breakpoint
INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
  SELECT `day`, `plan`, sum(`charged`), sum(`refunded`), sum(`n`), sum(`with_coupon`), sum(`discount`) FROM (
    SELECT settled_at / 86400000 AS `day`, plan, amount_clp AS `charged`, 0 AS `refunded`, 1 AS `n`,
      coupon_code IS NOT NULL AS `with_coupon`, discount_clp AS `discount`
      FROM `payments` WHERE status IN ('completed', 'refunded') AND settled_at IS NOT NULL
    UNION ALL
    SELECT refunded_at / 86400000, plan, 0, coalesce(refunded_amount_clp, amount_clp), 0, 0, 0
      FROM `payments` WHERE status = 'refunded' AND refunded_at IS NOT NULL
  ) GROUP BY `day`, `plan`;--> statement-breakpoint
CREATE TRIGGER `payments_revenue_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT (new.period_ends_at - new.period_days * 86400000) / 86400000, (new.amount_clp * 1.0 / max(1, round(new.period_days / 30.0))), 1
    WHERE new.status = 'completed' AND new.plan <> 'gift' AND new.period_ends_at IS NOT NULL AND new.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT new.period_ends_at / 86400000, -(new.amount_clp * 1.0 / max(1, round(new.period_days / 30.0))), -1
    WHERE new.status = 'completed' AND new.plan <> 'gift' AND new.period_ends_at IS NOT NULL AND new.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT new.settled_at / 86400000, new.plan, new.amount_clp, 0, 1, (new.coupon_code IS NOT NULL), new.discount_clp
    WHERE new.status IN ('completed', 'refunded') AND new.settled_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT new.refunded_at / 86400000, new.plan, 0, coalesce(new.refunded_amount_clp, new.amount_clp), 0, 0, 0
    WHERE new.status = 'refunded' AND new.refunded_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
END;--> statement-breakpoint
CREATE TRIGGER `payments_revenue_update` AFTER UPDATE OF `status`, `user_id`, `plan`, `amount_clp`, `period_ends_at`, `period_days`, `settled_at`, `refunded_at`, `refunded_amount_clp`, `coupon_code`, `discount_clp` ON `payments` BEGIN
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT (old.period_ends_at - old.period_days * 86400000) / 86400000, -(old.amount_clp * 1.0 / max(1, round(old.period_days / 30.0))), -1
    WHERE old.status = 'completed' AND old.plan <> 'gift' AND old.period_ends_at IS NOT NULL AND old.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT old.period_ends_at / 86400000, (old.amount_clp * 1.0 / max(1, round(old.period_days / 30.0))), 1
    WHERE old.status = 'completed' AND old.plan <> 'gift' AND old.period_ends_at IS NOT NULL AND old.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT old.settled_at / 86400000, old.plan, -old.amount_clp, 0, -1, -(old.coupon_code IS NOT NULL), -old.discount_clp
    WHERE old.status IN ('completed', 'refunded') AND old.settled_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT old.refunded_at / 86400000, old.plan, 0, -coalesce(old.refunded_amount_clp, old.amount_clp), 0, 0, 0
    WHERE old.status = 'refunded' AND old.refunded_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT (new.period_ends_at - new.period_days * 86400000) / 86400000, (new.amount_clp * 1.0 / max(1, round(new.period_days / 30.0))), 1
    WHERE new.status = 'completed' AND new.plan <> 'gift' AND new.period_ends_at IS NOT NULL AND new.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT new.period_ends_at / 86400000, -(new.amount_clp * 1.0 / max(1, round(new.period_days / 30.0))), -1
    WHERE new.status = 'completed' AND new.plan <> 'gift' AND new.period_ends_at IS NOT NULL AND new.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT new.settled_at / 86400000, new.plan, new.amount_clp, 0, 1, (new.coupon_code IS NOT NULL), new.discount_clp
    WHERE new.status IN ('completed', 'refunded') AND new.settled_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT new.refunded_at / 86400000, new.plan, 0, coalesce(new.refunded_amount_clp, new.amount_clp), 0, 0, 0
    WHERE new.status = 'refunded' AND new.refunded_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
END;--> statement-breakpoint
CREATE TRIGGER `payments_revenue_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT (old.period_ends_at - old.period_days * 86400000) / 86400000, -(old.amount_clp * 1.0 / max(1, round(old.period_days / 30.0))), -1
    WHERE old.status = 'completed' AND old.plan <> 'gift' AND old.period_ends_at IS NOT NULL AND old.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_days` (`day`, `mrr`, `paying`) SELECT old.period_ends_at / 86400000, (old.amount_clp * 1.0 / max(1, round(old.period_days / 30.0))), 1
    WHERE old.status = 'completed' AND old.plan <> 'gift' AND old.period_ends_at IS NOT NULL AND old.user_id IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `mrr` = `mrr` + excluded.`mrr`, `paying` = `paying` + excluded.`paying`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT old.settled_at / 86400000, old.plan, -old.amount_clp, 0, -1, -(old.coupon_code IS NOT NULL), -old.discount_clp
    WHERE old.status IN ('completed', 'refunded') AND old.settled_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
  INSERT INTO `revenue_day_plans` (`day`, `plan`, `charged_clp`, `refunded_clp`, `payments`, `coupon_payments`, `discount_clp`)
    SELECT old.refunded_at / 86400000, old.plan, 0, -coalesce(old.refunded_amount_clp, old.amount_clp), 0, 0, 0
    WHERE old.status = 'refunded' AND old.refunded_at IS NOT NULL
    ON CONFLICT (`day`, `plan`) DO UPDATE SET `charged_clp` = `charged_clp` + excluded.`charged_clp`, `refunded_clp` = `refunded_clp` + excluded.`refunded_clp`, `payments` = `payments` + excluded.`payments`, `coupon_payments` = `coupon_payments` + excluded.`coupon_payments`, `discount_clp` = `discount_clp` + excluded.`discount_clp`;
END;
