// The revenue dashboard's figures, each ONE statement, whatever the history: a completed payment covers
// [period_ends_at - period_days, period_ends_at); its monthly value (MRR) is its amount over the months of its period
// (365 days = 12, 30 days = 1). Days and months are UTC. Gifts are paid for by one member for another: they count as
// revenue, never as MRR or as a member paying. MRR and revenue read the day totals the payments' triggers keep
// (migration 0040); the movements read only the payments of the range (and those still running in it) from an index
// (migration 0039); the cohorts read a fixed number of index entries per member.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { GIFTS } from "../../../shared/rules";
import { couponPaymentsSql } from "./coupons";

const DAY = 24 * 60 * 60 * 1000;
/** A payment's first covered instant, written as the expression index payments_covered_start_idx is (0039). */
const STARTS = sql.raw(`period_ends_at - period_days * ${DAY}`);
/**
 * The CTE `covered`: each completed membership payment (gifts apart) whose period ends at `endsFrom` or later (a
 * range of payments_covered_ends_idx), with its span and monthly value.
 */
const covered = (endsFrom: number) => sql`covered as (
  select user_id, ${STARTS} as starts, period_ends_at as ends,
    amount_clp * 1.0 / max(1, round(period_days / 30.0)) as mrr
  from payments
  where status = 'completed' and period_ends_at >= ${endsFrom} and plan <> ${GIFTS.planId} and user_id is not null
)`;

export type Range = { from: number; to: number };

/**
 * MRR, paying members, members on a trial and members paused on each UTC day of [from, to), as at the day's end. MRR and
 * paying members are a running sum over the day totals the payments' triggers keep (revenue_days, migration 0040:
 * each completed payment adds on its period's first day and takes back on its end), from the sum of the days before
 * the range; a trial (trials: its start to its end) and a pause (membership_pauses: the due date it skipped to the
 * date renewal resumed) add and take back the same way. It reads days and the trials and pauses running in the range,
 * never payments.
 */
export const mrrByDay = (db: Database, r: Range) => {
  const [fromDay, toDay] = [Math.floor(r.from / DAY), Math.ceil(r.to / DAY)];
  return db.all<{
    day: number;
    mrr_clp: number;
    paying: number;
    trials: number;
    paused: number;
  }>(sql`with recursive days(n) as (select ${fromDay} union all select n + 1 from days where n + 1 < ${toDay}),
    opening as (
      select coalesce(sum(mrr), 0) as mrr, coalesce(sum(paying), 0) as paying from revenue_days where day < ${fromDay}
    ),
    spans(starts, ends, on_trial, paused) as (
      select started_at, ends_at, 1, 0 from trials where ends_at > ${r.from} and started_at < ${r.to}
      union all select starts_at, ends_at, 0, 1 from membership_pauses
        where ends_at > ${r.from} and starts_at < ${r.to} and ends_at > starts_at
    ),
    -- D1 caps a compound SELECT at five terms.
    deltas(day, mrr, n, trials, paused) as (
      select day, mrr, paying, 0, 0 from revenue_days where day >= ${fromDay} and day < ${toDay}
      union all select max(${fromDay}, starts / ${DAY}), 0, 0, on_trial, paused from spans
      union all select ends / ${DAY}, 0, 0, -on_trial, -paused from spans where ends < ${r.to}
    ),
    buckets as (
      select day, sum(mrr) as mrr, sum(n) as n, sum(trials) as trials, sum(paused) as paused from deltas group by day
    )
    select days.n * ${DAY} as day, cast(round(opening.mrr + sum(coalesce(b.mrr, 0)) over w) as integer) as mrr_clp,
      opening.paying + sum(coalesce(b.n, 0)) over w as paying, sum(coalesce(b.trials, 0)) over w as trials,
      sum(coalesce(b.paused, 0)) over w as paused
    from days cross join opening left join buckets b on b.day = days.n
    window w as (order by days.n rows unbounded preceding)
    order by days.n`);
};

/** A month as 'YYYY-MM' (UTC) of a column of whole UTC days (each row's day, so a month is named once per day). */
const monthOfDay = (column: string) => sql.raw(`strftime('%Y-%m', ${column} * 86400, 'unixepoch')`);

/**
 * Per month: members new (their first payment), returning (a payment starting after a gap of a day or more since
 * their previous one ended), churned (a coverage that ended that month with no later payment), split into failed
 * (automatic renewal gave up on that period) and chosen; and the failed renewals recovered (refused at least once,
 * paid in the end by a retry or a new card in the grace: the charge's recovered_at mark) out of those refused.
 * A pause is neither: the gap a pause skipped (membership_pauses from that coverage's end) is no churn while the pause
 * runs or when the member paid again by its end, and that payment is no return; a pause that ended without one (the
 * member stopped) is churn chosen, counted where the coverage ended. And the free trials: started that month, and ended
 * that month in a payment (a conversion: the member's first charge starts where the trial ended).
 * Only the payments ending in the range or later are read and ordered per member; a member's first of them finds the
 * one before (ended before the range) with one lookup in payments_covered_user_idx.
 */
export const movementsByMonth = (db: Database, r: Range, now: number) =>
  db.all<{
    month: string;
    new_members: number;
    returning_members: number;
    churned_chosen: number;
    churned_failed: number;
    renewals_refused: number;
    renewals_recovered: number;
    trials_started: number;
    trials_converted: number;
  }>(sql`with ${covered(r.from)},
    ordered as (
      select user_id, starts, ends,
        coalesce(lag(ends) over w, (select p.period_ends_at from payments p where p.status = 'completed'
          and p.user_id = covered.user_id and p.period_ends_at < ${r.from} and p.plan <> ${GIFTS.planId}
          order by p.period_ends_at desc limit 1)) as previous_end,
        lead(starts) over w as next_start
      from covered
      window w as (partition by user_id order by ends)
    ),
    -- Trials by their start, and by their end when it was paid (trials_ends_idx reads both; the payment is one lookup
    -- in payments_covered_start_idx). A CTE of its own: D1 caps a compound SELECT at five terms.
    trial_moves(day, started, converted) as (
      select started_at / ${DAY}, 1, 0 from trials where ends_at >= ${r.from} and started_at >= ${r.from}
        and started_at < ${r.to}
      union all
      select t.ends_at / ${DAY}, 0, 1 from trials t
      where t.ends_at >= ${r.from} and t.ends_at < ${r.to} and t.ends_at <= ${now} and exists (select 1 from payments p
        where p.status in ('completed', 'refunded') and p.user_id = t.user_id and ${STARTS} = t.ends_at
          and p.plan <> ${GIFTS.planId})
    ),
    moves as (
      select starts / ${DAY} as day, sum(previous_end is null) as new_members,
        sum(previous_end is not null and starts - previous_end >= ${DAY} and not exists (select 1 from membership_pauses mp
          where mp.user_id = ordered.user_id and mp.starts_at = previous_end and mp.ends_at > mp.starts_at
            and starts <= mp.ends_at + ${DAY})) as returning_members,
        0 as churned_chosen, 0 as churned_failed, 0 as renewals_refused, 0 as renewals_recovered,
        0 as trials_started, 0 as trials_converted
      from ordered where starts >= ${r.from} and starts < ${r.to} group by 1
      union all
      select ends / ${DAY}, 0, 0,
        case when gave_up is null then 1 else 0 end, case when gave_up is null then 0 else 1 end, 0, 0, 0, 0
      from (
        select o.ends, (select 1 from autorenew_charges c where c.user_id = o.user_id and c.period_due = o.ends
          and c.state = 'gave_up') as gave_up
        from ordered o
        where (o.next_start is null or o.next_start - o.ends >= ${DAY}) and o.ends >= ${r.from} and o.ends < ${r.to}
          and o.ends <= ${now}
          and not exists (select 1 from membership_pauses mp where mp.user_id = o.user_id and mp.starts_at = o.ends
            and mp.ends_at > mp.starts_at and (mp.ends_at > ${now} or o.next_start <= mp.ends_at + ${DAY}))
      )
      union all
      select period_due / ${DAY}, 0, 0, 0, 0, 1, case when recovered_at is not null then 1 else 0 end, 0, 0
      from autorenew_charges
      where refusals > 0 and state in ('paid', 'gave_up') and period_due >= ${r.from} and period_due < ${r.to}
      union all
      select day, 0, 0, 0, 0, 0, 0, started, converted from trial_moves
    )
    select ${monthOfDay("day")} as month, sum(new_members) as new_members, sum(returning_members) as returning_members,
      sum(churned_chosen) as churned_chosen, sum(churned_failed) as churned_failed,
      sum(renewals_refused) as renewals_refused, sum(renewals_recovered) as renewals_recovered,
      sum(trials_started) as trials_started, sum(trials_converted) as trials_converted
    from moves group by 1 order by 1`);

/**
 * Retention by join month (the month of a member's first payment): of a cohort, how many are covered at the start of
 * each of the following 12 months (`k` = 1..12). Per member, the first payment is one lookup in
 * payments_covered_start_idx and each of the 12 points one in payments_covered_user_idx (the member's payments ending
 * after the point, from the soonest, until one that had started by then: the first one when the member was covered),
 * so the cost follows the members, not their payments.
 */
export const cohorts = (db: Database, r: Range) =>
  db.all<{ cohort: string; members: number; k: number; still_paying: number }>(sql`with recursive
    firsts as materialized (
      select u.id as user_id, (select ${STARTS} as starts from payments p where p.status = 'completed'
        and p.user_id = u.id and starts is not null and p.plan <> ${GIFTS.planId} order by starts limit 1) as joined
      from users u
    ),
    ks(k) as (select 1 union all select k + 1 from ks where k < 12),
    points as materialized (
      select f.user_id, strftime('%Y-%m', f.joined / 1000, 'unixepoch') as cohort, ks.k,
        cast(strftime('%s', date(f.joined / 1000, 'unixepoch', 'start of month', ks.k || ' months')) as integer) * 1000
          as at
      from firsts f cross join ks
      where f.joined >= ${r.from} and f.joined < ${r.to}
    )
    select cohort, count(*) as members, k, sum(exists(select 1 from payments p where p.status = 'completed'
        and p.user_id = points.user_id and p.period_ends_at > points.at and p.plan <> ${GIFTS.planId}
        and ${STARTS} <= points.at)) as still_paying
    from points group by cohort, k order by cohort, k`);

/**
 * Revenue per month and plan (gifts are the plan "gift"): charged (payments completed that month, refunded since or
 * not), refunded (refunds made that month), and what coupons took off and how many payments they priced. Read from the
 * day totals the payments' triggers keep (revenue_day_plans, migration 0040): a row per day and plan of the range.
 */
export const revenueByMonth = (db: Database, r: Range) =>
  db.all<{
    month: string;
    plan: string;
    charged_clp: number;
    refunded_clp: number;
    payments: number;
    coupon_payments: number;
    discount_clp: number;
  }>(sql`select ${monthOfDay("day")} as month, plan, sum(charged_clp) as charged_clp, sum(refunded_clp) as refunded_clp,
      sum(payments) as payments, sum(coupon_payments) as coupon_payments, sum(discount_clp) as discount_clp
    from revenue_day_plans where day >= ${Math.floor(r.from / DAY)} and day < ${Math.ceil(r.to / DAY)}
    group by 1, 2
    -- A day whose payments were all taken back (a row written, then deleted) counts nothing.
    having sum(payments) <> 0 or sum(charged_clp) <> 0 or sum(refunded_clp) <> 0
    order by 1, 2`);

/**
 * Automatic renewals charged in the next 30 days, with the terms each is priced from (renewalPrice: the plan, its
 * coupon and the payments that coupon priced, a kept price): on the due date, or on the resume date of a pause.
 */
export const upcomingRenewals = (db: Database, now: number) =>
  db.all<{
    user_id: number;
    email: string;
    due: number;
    plan: string;
    plan_id: string | null;
    plan_name: string | null;
    plan_amount_clp: number | null;
    plan_period_days: number | null;
    coupon_code: string | null;
    percent_off: number | null;
    amount_off_clp: number | null;
    coupon_periods: number | null;
    coupon_payments: number;
    kept_price_clp: number | null;
    price_told_at: number | null;
  }>(sql`with charges(user_id, at) as (
      select m.user_id, m.next_payment_due from memberships m
      join autorenew_enrolments e on e.user_id = m.user_id and e.status = 'active'
      where m.next_payment_due > ${now} and m.next_payment_due <= ${now + 30 * DAY}
        and coalesce(e.resume_at, 0) <= m.next_payment_due
      union all
      select e.user_id, e.resume_at from autorenew_enrolments e
      join memberships m on m.user_id = e.user_id and e.resume_at > m.next_payment_due
      where e.status = 'active' and e.resume_at > ${now} and e.resume_at <= ${now + 30 * DAY}
    )
    select m.user_id, u.email, charges.at as due, m.plan, p.id as plan_id, p.name as plan_name,
      p.amount_clp as plan_amount_clp, p.period_days as plan_period_days, c.code as coupon_code, c.percent_off,
      c.amount_off_clp, c.periods as coupon_periods,
      ${couponPaymentsSql(sql.raw("m.user_id"), sql.raw("m.coupon_code"))} as coupon_payments,
      m.kept_price_clp, m.price_told_at
    from charges join memberships m on m.user_id = charges.user_id join users u on u.id = m.user_id
    left join plans p on p.id = m.plan left join coupons c on c.code = m.coupon_code
    order by charges.at limit 500`);

/** Paying members whose latest sign-in is 21 days old or more: the ones to reach out to (bounded). */
export const goneQuiet = (db: Database, now: number) =>
  db.all<{ user_id: number; email: string; name: string | null; last_sign_in: number | null; due: number }>(sql`
    select m.user_id, u.email, u.name, (select max(s.created_at) from sessions s where s.user_id = m.user_id)
      as last_sign_in, m.next_payment_due as due
    from memberships m join users u on u.id = m.user_id
    where m.next_payment_due > ${now} and u.role = 'member'
      and coalesce((select max(s.created_at) from sessions s where s.user_id = m.user_id), 0) <= ${now - 21 * DAY}
    order by last_sign_in limit 500`);
