// Memberships and payments: Webpay Plus, Oneclick automatic renewal, and the local emulators' records.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const memberships = sqliteTable(
  "memberships",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull().default("monthly"),
    /** A paid period or an admin-granted trial; either is active while next_payment_due is in the future. */
    kind: text("kind", { enum: ["paid", "trial"] })
      .notNull()
      .default("paid"),
    nextPaymentDue: integer("next_payment_due", { mode: "timestamp_ms" }).notNull(),
    updatedAt: createdAt(),
    /** The coupon of the latest payment: renewals go on applying it for its periods (migration 0033). */
    couponCode: text("coupon_code"),
    /**
     * The price an enrolled renewal keeps after its plan's price rose (migration 0035), until PLANS.priceNoticeDays
     * after `priceToldAt`, when the member was told; cleared by the first payment approved after that.
     */
    keptPriceClp: integer("kept_price_clp"),
    priceToldAt: integer("price_told_at", { mode: "timestamp_ms" }),
    /** Access after a refused renewal gave up, while the member can enrol a new card (AUTORENEW.graceDays, 0037). */
    graceUntil: integer("grace_until", { mode: "timestamp_ms" }),
  },
  (t) => [index("memberships_due_idx").on(t.nextPaymentDue)],
);

/** A plan members pay for (migration 0032): retired (active false) rather than deleted, since payments name it. */
export const plans = sqliteTable("plans", {
  /** A short name that never changes (payments.plan and memberships.plan hold it). */
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  amountClp: integer("amount_clp").notNull(),
  periodDays: integer("period_days").notNull(),
  trialDays: integer("trial_days").notNull().default(0),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /** The order /pricing shows the plans in. */
  position: integer("position").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Kept (set null) when the member is deleted: payments stay for accounting. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    plan: text("plan").notNull().default("monthly"),
    amountClp: integer("amount_clp").notNull(),
    /** pending -> completed | failed (failure_reason says why); completed -> refunded. */
    status: text("status", { enum: ["pending", "completed", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    provider: text("provider").notNull().default("webpay_form"),
    /** Taken in Transbank's integration environment or the emulator: no real money moved. */
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    buyOrder: text("buy_order").notNull(),
    sessionId: text("session_id").notNull(),
    token: text("token"),
    authorizationCode: text("authorization_code"),
    responseCode: integer("response_code"),
    failureReason: text("failure_reason"),
    /** The card's last four digits as Transbank reports them (never the full number). */
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    /** Transbank's refund answer: REVERSED (same day, full amount) or NULLIFIED. */
    refundType: text("refund_type", { enum: ["REVERSED", "NULLIFIED"] }),
    refundAuthorizationCode: text("refund_authorization_code"),
    refundedAmountClp: integer("refunded_amount_clp"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    /** The admin who refunded it (kept as null when that account is deleted). */
    refundedBy: integer("refunded_by").references(() => users.id, { onDelete: "set null" }),
    /** An automatic (Oneclick Mall) charge: the child store's buy order, which its refund names. */
    detailBuyOrder: text("detail_buy_order"),
    /** A completed payment: the end of the period it paid for (its receipt names it; it starts period_days before). */
    periodEndsAt: integer("period_ends_at", { mode: "timestamp_ms" }),
    /** The plan's period when the payment was opened: what approval adds and a refund takes back. */
    periodDays: integer("period_days").notNull().default(30),
    /** The coupon that priced it and what it took off (migration 0033). */
    couponCode: text("coupon_code"),
    discountClp: integer("discount_clp").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payments_buy_order_unique").on(t.buyOrder),
    uniqueIndex("payments_token_unique").on(t.token),
    index("payments_user_idx").on(t.userId, t.id),
    index("payments_created_idx").on(t.createdAt),
    // The reconciler's scan: pending payments, oldest first.
    index("payments_status_created_idx").on(t.status, t.createdAt),
    // A renewal counts the member's payments with its coupon (the coupon's periods).
    index("payments_user_coupon_idx").on(t.userId, t.couponCode),
    // The revenue dashboard's reads of payments (queries/revenue.ts, migration 0039), each covered by its index:
    // completed payments by period end, by member and period end, by member and period start (the expression as the
    // queries write it). Revenue by month reads the day totals of migration 0040 instead.
    index("payments_covered_ends_idx").on(t.status, t.periodEndsAt, t.periodDays, t.amountClp, t.plan, t.userId),
    index("payments_covered_user_idx").on(t.status, t.userId, t.periodEndsAt, t.periodDays, t.amountClp, t.plan),
    index("payments_covered_start_idx").on(t.status, t.userId, sql`period_ends_at - period_days * 86400000`, t.plan),
  ],
);

/**
 * A coupon (migration 0033): a percentage or whole pesos off, for the first `periods` payments (null: every one), on
 * the plans named (null: every plan), until `expiresAt`, at most `maxRedemptions` times. 100% is a scholarship.
 */
export const coupons = sqliteTable(
  "coupons",
  {
    /** Upper case, as members type it in any case. */
    code: text("code").primaryKey(),
    percentOff: integer("percent_off"),
    amountOffClp: integer("amount_off_clp"),
    periods: integer("periods"),
    /** A JSON array of plan ids; null: every plan. */
    planIds: text("plan_ids", { mode: "json" }).$type<string[]>(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    maxRedemptions: integer("max_redemptions"),
    /** Checkouts that took it (a failed payment gives its one back). */
    redemptions: integer("redemptions").notNull().default(0),
    /** Why (a scholarship's reason), kept with the zero payments it makes. */
    reason: text("reason"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  () => [check("coupons_one_discount", sql`(percent_off IS NULL) <> (amount_off_clp IS NULL)`)],
);

/**
 * Automatic renewal: a member's Oneclick Mall enrolment. Transbank keeps the card; we keep
 * only its `tbk_user`, AES-GCM encrypted (worker/platform/crypto.ts, key ONECLICK_TBK_USER_KEY), and the
 * card type and masked number Transbank answered. `paused` after the retries of a refused charge ran out.
 */
export const autorenewEnrolments = sqliteTable(
  "autorenew_enrolments",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Oneclick username the inscription was made with (deleting it at Transbank names it again). */
    username: text("username").notNull(),
    tbkUserEncrypted: text("tbk_user_encrypted").notNull(),
    cardType: text("card_type"),
    cardNumber: text("card_number"),
    status: text("status", { enum: ["active", "paused"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** A pause the member chose (migration 0034): no charge until this date, when the renewal is charged again. */
    resumeAt: integer("resume_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // The dashboard's upcoming renewals: the pauses resuming within 30 days (migration 0038).
    index("autorenew_enrolments_resume_idx").on(t.resumeAt),
  ],
);

/**
 * Inscriptions started and not yet back from Transbank: the return is a cross-site navigation without
 * the session cookie, so its TBK_TOKEN finds the member here (and only once: finishing deletes the row).
 */
export const oneclickInscriptions = sqliteTable("oneclick_inscriptions", {
  token: text("token").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  /** Started to begin a trial (migration 0038): the plan, and the coupon, it begins with once the card is enrolled. */
  trialPlan: text("trial_plan"),
  trialCoupon: text("trial_coupon"),
});

/**
 * A plan's trial (migration 0038): free until `endsAt`, on an enrolled Oneclick card, which the daily renewal job
 * charges then. One per member and one per card (type + masked number); kept when the account goes (user set null).
 */
export const trials = sqliteTable(
  "trials",
  {
    /** Random per start: the batch that begins a trial tells its own row from a racing start's. */
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    plan: text("plan").notNull(),
    cardType: text("card_type").notNull(),
    cardNumber: text("card_number").notNull(),
    couponCode: text("coupon_code"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("trials_user_unique").on(t.userId),
    uniqueIndex("trials_card_unique").on(t.cardType, t.cardNumber),
    index("trials_ends_idx").on(t.endsAt),
  ],
);

/**
 * Pauses as they happened (migration 0038), for the dashboard: from the due date a pause skipped to the date renewal
 * resumed (as chosen, or earlier when the member resumed or stopped). One row per member and due date.
 */
export const membershipPauses = sqliteTable(
  "membership_pauses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("membership_pauses_user_start_unique").on(t.userId, t.startsAt),
    index("membership_pauses_ends_idx").on(t.endsAt),
  ],
);

/**
 * One row per member and period renewed automatically: the UNIQUE (user, period_due) is what makes a
 * period chargeable once. Each attempt is a payment whose buy order is derived from the member, the
 * period and the attempt number (UNIQUE in payments), so two runs racing make one attempt.
 * waiting -> charging -> paid | waiting (refused, retried after 1, 3 and 7 days) | gave_up (paused);
 * charging stays while the outcome is unknown, until Transbank's status settles it.
 */
export const autorenewCharges = sqliteTable(
  "autorenew_charges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The membership due date this charge renews. */
    periodDue: integer("period_due", { mode: "timestamp_ms" }).notNull(),
    state: text("state", { enum: ["waiting", "charging", "paid", "gave_up"] })
      .notNull()
      .default("waiting"),
    /** Attempts made (numbers the buy orders); refusals counts only Transbank's refusals (the retry schedule). */
    attempts: integer("attempts").notNull().default(0),
    refusals: integer("refusals").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** The latest attempt's payment. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When a charge refused at least once was paid in the end (a retry or a new card): a recovered renewal (0037). */
    recoveredAt: integer("recovered_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("autorenew_charges_period_unique").on(t.userId, t.periodDue),
    index("autorenew_charges_state_idx").on(t.state, t.nextAttemptAt),
  ],
);

/** The emulator's Oneclick inscriptions (WEBPAY_ENV=emulator only), as Transbank would keep them. */
export const oneclickEmulatorInscriptions = sqliteTable("oneclick_emulator_inscriptions", {
  token: text("token").primaryKey(),
  username: text("username").notNull(),
  email: text("email").notNull(),
  responseUrl: text("response_url").notNull(),
  /** pending (at the card page), enrolled, declined, abandoned, finished (enrolled and confirmed), deleted. */
  status: text("status", { enum: ["pending", "enrolled", "declined", "abandoned", "finished", "deleted"] })
    .notNull()
    .default("pending"),
  tbkUser: text("tbk_user"),
  /** The test card enrolled, which decides what its charges answer (the emulator's CARDS; refused: refuse_code). */
  cardOutcome: text("card_outcome", { enum: ["approved", "amex", "refused", "timeout"] }),
  refuseCode: integer("refuse_code"),
  createdAt: createdAt(),
});

/** The emulator's Oneclick Mall transactions, by parent buy order (one detail each, as the app sends). */
export const oneclickEmulatorTransactions = sqliteTable("oneclick_emulator_transactions", {
  buyOrder: text("buy_order").primaryKey(),
  detailBuyOrder: text("detail_buy_order").notNull(),
  commerceCode: text("commerce_code").notNull(),
  tbkUser: text("tbk_user").notNull(),
  amount: integer("amount").notNull(),
  installmentsNumber: integer("installments_number").notNull(),
  status: text("status", { enum: ["AUTHORIZED", "FAILED", "REVERSED", "NULLIFIED"] }).notNull(),
  responseCode: integer("response_code").notNull(),
  authorizationCode: text("authorization_code"),
  createdAt: createdAt(),
});

/**
 * The local Webpay emulator's own transactions (WEBPAY_ENV=emulator only): what Transbank would keep
 * on its side. Never read by the app itself, only through the emulator's REST contract.
 */
export const webpayEmulatorTransactions = sqliteTable("webpay_emulator_transactions", {
  token: text("token").primaryKey(),
  buyOrder: text("buy_order").notNull(),
  sessionId: text("session_id").notNull(),
  amount: integer("amount").notNull(),
  returnUrl: text("return_url").notNull(),
  /**
   * INITIALIZED (at the card page), AUTHORIZED, FAILED (declined), ABORTED (cancelled), REVERSED or NULLIFIED
   * (refunded).
   */
  status: text("status", { enum: ["INITIALIZED", "AUTHORIZED", "FAILED", "ABORTED", "REVERSED", "NULLIFIED"] })
    .notNull()
    .default("INITIALIZED"),
  responseCode: integer("response_code"),
  authorizationCode: text("authorization_code"),
  committed: integer("committed", { mode: "boolean" }).notNull().default(false),
  /**
   * The token's end of life (created + token lifetime): an unfinished transaction can no longer be paid or committed.
   */
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * A gift of membership (migration 0034): bought through Webpay Plus (its payment has plan "gift"), emailed to the
 * recipient once paid, redeemed once. Only the code's SHA-256 is stored, and the nonce it is derived from with the
 * server's secret (worker/features/payments/gifts.ts).
 */
export const gifts = sqliteTable(
  "gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    codeHash: text("code_hash").notNull(),
    nonce: text("nonce").notNull(),
    buyerId: integer("buyer_id").references(() => users.id, { onDelete: "set null" }),
    /** Who it is from, as the email says it (the buyer's name when bought). */
    buyerName: text("buyer_name"),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    months: integer("months").notNull(),
    periodDays: integer("period_days").notNull(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "paid", "redeemed", "refunded", "failed"] })
      .notNull()
      .default("pending"),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: integer("redeemed_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gifts_code_hash_unique").on(t.codeHash),
    uniqueIndex("gifts_payment_unique").on(t.paymentId),
    index("gifts_status_idx").on(t.status, t.id),
  ],
);

/**
 * The revenue dashboard's day totals (migration 0040), kept by triggers on payments as they are written: what each UTC
 * day (ms / 86,400,000) changes in MRR and paying members (a completed membership payment adds on its period's first
 * day, takes back on its end), so MRR by day is a running sum over days, not payments.
 */
export const revenueDays = sqliteTable("revenue_days", {
  day: integer("day").primaryKey(),
  mrr: real("mrr").notNull().default(0),
  paying: integer("paying").notNull().default(0),
});

/** Per UTC day and plan (migration 0040, kept by the same triggers): charged, refunded, and the coupons' part. */
export const revenueDayPlans = sqliteTable(
  "revenue_day_plans",
  {
    day: integer("day").notNull(),
    plan: text("plan").notNull(),
    chargedClp: integer("charged_clp").notNull().default(0),
    refundedClp: integer("refunded_clp").notNull().default(0),
    payments: integer("payments").notNull().default(0),
    couponPayments: integer("coupon_payments").notNull().default(0),
    discountClp: integer("discount_clp").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.plan] })],
);
