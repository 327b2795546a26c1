// The spec's business constants and limits: one module read by the worker and the client.

export const PRODUCT_NAME = "Cosmic";
/** The seller's name on receipts (the brand members pay). */
export const COMMERCE_NAME = `${PRODUCT_NAME} Lounge`;

export const MEMBERSHIP = {
  priceClp: 15000,
  priceLabel: "$15,000 CLP",
  periodDays: 30,
  plan: "monthly",
  provider: "webpay_form",
} as const;

/**
 * Plans (rows since migration 0032; the admin edits them). The monthly plan is the default a payment opened without a
 * plan pays for, and the specification's price when its row is absent; the limits bound what the admin may set.
 */
export const PLANS = {
  defaultId: MEMBERSHIP.plan,
  idPattern: /^[a-z][a-z0-9-]{1,29}$/,
  nameMax: 40,
  /** Webpay Plus takes whole pesos; Transbank refuses amounts below 50 CLP. */
  amountMinClp: 50,
  amountMaxClp: 10_000_000,
  periodDaysMax: 366,
  trialDaysMax: 60,
  /** A raised price reaches an enrolled automatic renewal only this many days after the member was told. */
  priceNoticeDays: 30,
} as const;

/** A coupon's code: what the admin sets and members type (compared in upper case). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{3,30}$/;

/** What an admin may set on a coupon. */
export const COUPONS = { periodsMax: 36, maxRedemptionsMax: 1_000_000, reasonMax: 200 } as const;

/**
 * Gifts of membership: the months one can give, what a month is (a year of 12 months is the yearly period), how long a
 * code can be redeemed, and the message's length.
 */
export const GIFTS = {
  months: [1, 3, 12] as const,
  /** The payments.plan of a gift's payment: it extends no membership of the buyer's. */
  planId: "gift",
  validDays: 365,
  messageMax: 500,
} as const;
export type GiftMonths = (typeof GIFTS.months)[number];

/** A scholarship's payment (a 100% coupon): completed at 0 CLP, no Transbank transaction. */
export const SCHOLARSHIP_PROVIDER = "coupon";

/**
 * Automatic renewal with Oneclick Mall: charged within a day of the due date, retried after
 * these days when Transbank refuses, then paused; members are told `noticeDays` before each charge.
 */
export const AUTORENEW = {
  provider: "oneclick_mall",
  chargeWindowHours: 24,
  retryAfterDays: [1, 3, 7],
  noticeDays: 3,
  /** A charge Transbank has not answered is asked about by status only after this long (the adapter's timeout is 15
   * s). */
  settleAfterMs: 2 * 60_000,
  /** Charges started or settled per run (each is one or two Transbank calls). */
  batch: 50,
  /**
   * A started enrolment holds the member's one slot this long: longer than Transbank leaves an inscription's
   * card form open, so a start left unfinished (the tab closed) never blocks the next for longer.
   */
  inscriptionPendingMs: 10 * 60_000,
  /** A pause skips at most this many periods. */
  pausePeriodsMax: 3,
  /** After the retries give up, access lasts this long while the member can enrol a new card. */
  graceDays: 3,
} as const;

/**
 * The limits the client checks or reads as well as the server; those only the server applies are in each
 * area's module (lounge-, chat-, library-, search-, notification- and profile-rules.ts). The `start` chunk takes
 * this module whole, so every first load carries what is here.
 */
export const LIMITS = {
  /** Members one member may block; the next block is 409 blocks_full. */
  blocksMax: 1000,
  postMax: 500,
  commentMax: 300,
  commentPreviewMax: 150,
  shareTextMax: 100,
  channelNameMax: 50,
  channelDescriptionMax: 200,
  noticeTitleMax: 200,
  aiNoticeTitleMax: 60,
  chatMessageMax: 4000,
  /** Any JSON write (a post, a channel, a notice...): the largest body read before 413. */
  jsonBodyMaxBytes: 128 * 1024,
  chatImageMaxBytes: 5 * 1024 * 1024,
  /** An event's cover image, uploaded or generated. */
  eventCoverMaxBytes: 5 * 1024 * 1024,
  resourceUploadMaxBytes: 50 * 1024 * 1024,
  tagMax: 40,
  tagsMax: 20,
  profileEntriesMax: 20,
  profileEntryMax: 200,
  socialsMax: 10,
  timezoneMax: 64,
  emailMax: 254,
  nameMax: 80,
  bioMax: 1000,
  aiPromptMax: 4000,
  linkPreviewsPerMessage: 3,
  postsPageDefault: 20,
  /** GET /api/resources: the page size when none is asked for (LIBRARY_LIMITS: the largest, the longest search). */
  resourcesPageDefault: 24,
  urlMax: 2048,
  /** GET /messages with `after`: at most this many newer ones per call (CHAT_LIMITS: the latest page without). */
  chatCatchUpPage: 500,
  /** GET /api/search: the longest search text (SEARCH_LIMITS: the words kept from it, the results returned). */
  searchQueryMax: 200,
  /** @mention autocomplete (GET /api/mentions): the longest name prefix asked for (NOTIFICATION_LIMITS: the names
   * answered). */
  mentionQueryMax: 50,
  /** Unread counts stop at this (the client shows "99+" above 99). */
  unreadCountMax: 100,
  /** Pending channel invitations one email can have; further invitations are refused, the oldest kept. */
  invitationsPerEmailMax: 20,
} as const;

export const TIMING = {
  chatPollMs: 3000,
  /** The unread counts' polling fallback, while the live socket is down. */
  unreadPollMs: 30_000,
  /** The notifications' gentle poll, for when the live socket cannot tell (also refreshed on focus). */
  notificationsPollMs: 60_000,
  /** An open channel's read marker follows arriving messages after this pause (one request per burst). */
  markReadDelayMs: 1000,
  /** Typing pauses this long before a search (the search dialog, the library) asks the server. */
  searchDebounceMs: 300,
  copyConfirmationMs: 2000,
  sessionDays: 30,
  oauthStateMinutes: 10,
  /** How long the 'already active' message shows before /pricing moves on to /app/resources. */
  alreadyActiveRedirectMs: 1500,
} as const;

/**
 * Abuse limits (worker/platform/rate-limit.ts): at most `limit` calls per `windowSeconds`, per signed-in user
 * (per client IP when anonymous). Sign-in is always per IP, counted separately at each of its three steps.
 * Answered with 429 and Retry-After. AI generation has its own hourly limit (AI_LIMITS).
 */
export const RATE_LIMITS = {
  signIn: { limit: 20, windowSeconds: 60 },
  posts: { limit: 10, windowSeconds: 60 },
  comments: { limit: 20, windowSeconds: 60 },
  messages: { limit: 60, windowSeconds: 60 },
  uploads: { limit: 20, windowSeconds: 60 * 60 },
  linkPreviews: { limit: 60, windowSeconds: 60 },
  paymentInitiate: { limit: 10, windowSeconds: 60 * 60 },
  /** Creating, editing and deleting channels. */
  channels: { limit: 10, windowSeconds: 60 },
  /** Adding and removing a private channel's members. */
  channelMembers: { limit: 30, windowSeconds: 60 },
  /**
   * Inviting emails to private channels, per inviter and hour: an address with no account is emailed once, and
   * this bounds how many addresses one member can have the community email. Counted for every invitation alike,
   * so the answer never tells whether an address has an account.
   */
  invitations: { limit: 20, windowSeconds: 60 * 60 },
  likes: { limit: 60, windowSeconds: 60 },
  /** Toggling a reaction on a post, comment or message. */
  reactions: { limit: 60, windowSeconds: 60 },
  /** The caller's own profile and details, signing out other devices, deleting the account. */
  profile: { limit: 20, windowSeconds: 60 },
  /** Marking a channel or notifications read: each writes a marker and tells the member's live socket. */
  readMarks: { limit: 120, windowSeconds: 60 },
  /** Reports for the moderators' queue. */
  reports: { limit: 10, windowSeconds: 60 },
  /** Editing one's post, comment or message; deleting a comment or message (its author, or an admin). */
  edits: { limit: 30, windowSeconds: 60 },
  /** Deleting a post (its author, or an admin). */
  postDeletes: { limit: 30, windowSeconds: 60 },
  /** Checking the latest payment with Transbank (each check may call it). */
  paymentConfirm: { limit: 30, windowSeconds: 60 },
  /** Returns from Webpay, per client IP (the browser comes back without our session cookie). */
  paymentReturn: { limit: 60, windowSeconds: 60 },
  /** Answering events (going, maybe, not going). */
  rsvps: { limit: 30, windowSeconds: 60 },
  /** Push subscriptions and notification preferences. */
  notifySettings: { limit: 30, windowSeconds: 60 },
  /** One-click unsubscribes, per client IP (mail providers post them without our session). */
  unsubscribe: { limit: 30, windowSeconds: 60 },
  /** Opening direct messages, blocking and unblocking members. */
  direct: { limit: 30, windowSeconds: 60 },
  /** Every admin write (members, payments, notices, resources, moderation, the AI key check, events). */
  adminWrites: { limit: 60, windowSeconds: 60 },
  /** Checking a coupon code on /pricing (codes must not be guessed by trying). */
  couponChecks: { limit: 20, windowSeconds: 60 * 60 },
  /** Enrolling, leaving, a lesson's progress (saved every few seconds while playing) and the practice log. */
  programWrites: { limit: 120, windowSeconds: 60 },
  /** Parts of a lesson's media (8 MiB each, PROGRAM_LIMITS.uploadPartBytes): 2.4 GB a minute at most. */
  lessonUploadParts: { limit: 300, windowSeconds: 60 },
} as const;

/** The longest window any limit counts in (the AI calls' hour included): older rate_limits rows are dead. */
// Pure: a client bundle that does not read it drops it (and RATE_LIMITS with it).
export const RATE_LIMIT_LONGEST_WINDOW_SECONDS = /* @__PURE__ */ (() =>
  Math.max(60 * 60, ...Object.values(RATE_LIMITS).map((l) => l.windowSeconds)))();

export const MEDIA_PREVIEW_MAX_HEIGHT_PX = 400;

export const DEFAULT_NAME = "Cosmic Soul";

/** The UI's languages (docs/client.md "Words"): English, the spec's, and Spanish (Chile). */
export const LANGUAGES = ["en", "es"] as const;
/** Who may open a direct message with a member: the profile's setting, "everyone" by default. */
export const DIRECT_MESSAGE_POLICIES = ["everyone", "nobody"] as const;
export type DirectMessagePolicy = (typeof DIRECT_MESSAGE_POLICIES)[number];
export type Language = (typeof LANGUAGES)[number];

export type Role = "member" | "admin";

/** Membership statuses that open the resource library (the server decides which one a member has). */
export const PAID_ACCESS_STATUSES: readonly string[] = ["active", "trial", "admin"];
export const hasPaidAccess = (status: string) => PAID_ACCESS_STATUSES.includes(status);

/** Moderation and members' data rights. */
export const REPORT_KINDS = ["post", "comment", "message"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * Reactions: the only emoji a member may react with, in the order chips are shown, on the
 * items a member may report too. `namesMax`: who reacted, per emoji, at most this many names answered.
 */
export const REACTIONS = {
  emoji: ["🙏", "❤️", "✨", "😂", "😮", "😢"],
  namesMax: 20,
} as const;
export type ReactionEmoji = (typeof REACTIONS.emoji)[number];
export const REACTION_KINDS = REPORT_KINDS;
export type ReactionKind = ReportKind;
export const REPORT_REASONS = ["spam", "harassment", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MODERATION = {
  reportDetailsMax: 500,
  /** The longest mute an admin can set at once: 30 days. */
  muteHoursMax: 30 * 24,
  reportsListMax: 200,
  /** Reports one member can have waiting in the queue (open) at once. */
  openReportsPerReporterMax: 20,
  auditPageDefault: 50,
  auditPageMax: 200,
  /** Rows in one CSV export of the audit log (newest first). */
  auditCsvMax: 10_000,
  /** Chile's SII: accounting records are kept 6 years (Código Tributario arts. 17 and 200). */
  paymentRecordsKeptYears: 6,
} as const;

/**
 * Idempotent writes (worker/platform/idempotency.ts, docs/api-idempotency.md): a write's first outcome is kept
 * per member and Idempotency-Key for `keptMs`; a member holds at most `keysPerMemberMax` keys (their oldest
 * finished ones make room for a new one; a member whose keys are all still running is refused with 429).
 */
export const IDEMPOTENCY = {
  keptMs: 24 * 60 * 60 * 1000,
  keysPerMemberMax: 1000,
  /** The header that tells a client the answer is the stored outcome of an earlier request. */
  replayedHeader: "Idempotent-Replayed",
  /** Seconds a client waits before repeating a request that is still in progress (409's Retry-After). */
  inProgressRetryAfterSeconds: 1,
  /**
   * The app's own retries of a write whose answer was lost (client/idempotent.ts): at most `attempts` sends, each
   * given up after `timeoutMs`, the pause between them doubling from `firstDelayMs` up to `maxDelayMs`.
   */
  clientRetry: { attempts: 5, timeoutMs: 20_000, firstDelayMs: 500, maxDelayMs: 8000 },
} as const;
