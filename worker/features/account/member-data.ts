// What a member owns, table by table, and what their data export and their account's deletion do with each: the
// one list both follow (Chile's Law 21.719 gives members both rights). test/worker/member-data.test.ts fails when a
// table that names a member (a column referencing users, a user_id or an email) is missing here, when the export
// lacks a section listed here, or when a deletion leaves a row in a table listed as deleted.

/** In the export: the JSON section that holds it, or why it is not there. */
type Exported = { section: string } | { not: string };
/** At deletion: gone with the account, or kept with the member's name or link taken out (and why). */
type Deleted = "deleted" | { kept: string };

export const MEMBER_DATA = {
  users: { export: { section: "user" }, deletion: "deleted" },
  profiles: { export: { section: "profile" }, deletion: "deleted" },
  sessions: { export: { section: "sessions" }, deletion: "deleted" },
  memberships: { export: { section: "membership" }, deletion: "deleted" },
  payments: {
    export: { section: "payments" },
    deletion: { kept: "six years for the tax record (Código Tributario), the email replaced, the link cut" },
  },
  autorenew_enrolments: { export: { section: "auto_renew" }, deletion: "deleted" },
  coupons: { export: { not: "the offers admins create for everyone" }, deletion: { kept: "creator cut" } },
  gifts: {
    export: { not: "gifts bought for others, whose payments are exported" },
    deletion: { kept: "the recipient's gift stays; buyer and redeemer links cut, the giver's name stays on it" },
  },
  autorenew_charges: { export: { not: "the attempts behind payments, which are exported" }, deletion: "deleted" },
  oneclick_inscriptions: { export: { not: "an enrolment's token while it is under way" }, deletion: "deleted" },
  trials: {
    export: { section: "trial" },
    deletion: {
      kept: "member link cut; the card's type and masked number stay, so a card tries once, whatever account",
    },
  },
  membership_pauses: { export: { section: "pauses" }, deletion: "deleted" },
  posts: { export: { section: "posts" }, deletion: "deleted" },
  post_likes: { export: { section: "likes" }, deletion: "deleted" },
  comments: { export: { section: "comments" }, deletion: "deleted" },
  reactions: { export: { section: "reactions" }, deletion: "deleted" },
  notices: { export: { not: "the admins' notice board, written for everyone" }, deletion: { kept: "author cut" } },
  channels: {
    export: { section: "channels_created" },
    deletion: { kept: "the channel stays its members', creator cut" },
  },
  channel_members: { export: { section: "channels_joined" }, deletion: "deleted" },
  channel_reads: { export: { not: "read markers, counters of what is unread" }, deletion: "deleted" },
  channel_invitations: {
    export: { not: "invitations the member sent, about others' addresses" },
    deletion: { kept: "inviter cut" },
  },
  invitation_emails: { export: { not: "others' addresses" }, deletion: { kept: "no member in it" } },
  messages: { export: { section: "messages" }, deletion: "deleted" },
  blocks: { export: { section: "blocks" }, deletion: "deleted" },
  resources: {
    export: { section: "resources_uploaded" },
    deletion: { kept: "the library's, uploader's name replaced" },
  },
  reports: { export: { not: "moderators' resolution of reports" }, deletion: { kept: "resolver cut" } },
  report_reasons: { export: { section: "reports_filed" }, deletion: "deleted" },
  events: { export: { not: "gatherings the admins host" }, deletion: { kept: "host and creator cut" } },
  event_rsvps: { export: { section: "event_answers" }, deletion: "deleted" },
  calendar_feeds: { export: { not: "a secret token's hash" }, deletion: "deleted" },
  notifications: { export: { not: "what the app told the member, from the data above" }, deletion: "deleted" },
  notification_deliveries: { export: { not: "the notifications' delivery state" }, deletion: "deleted" },
  notification_preferences: { export: { not: "settings, shown in the app" }, deletion: "deleted" },
  push_subscriptions: { export: { not: "browsers' push addresses and keys" }, deletion: "deleted" },
  idempotency_keys: {
    export: { not: "the answers to repeated requests, kept for a day so a retry is not a second write" },
    deletion: "deleted",
  },
  program_enrolments: { export: { section: "programs" }, deletion: "deleted" },
  lesson_progress: { export: { section: "lesson_progress" }, deletion: "deleted" },
  practice_entries: { export: { section: "practice_log" }, deletion: "deleted" },
  practice_goals: { export: { not: "a setting, shown with the practice log" }, deletion: "deleted" },
  dev_login_codes: { export: { not: "local development only" }, deletion: "deleted" },
  oneclick_emulator_inscriptions: {
    export: { not: "the local emulator's, never production" },
    deletion: { kept: "local only" },
  },
} as const satisfies Record<string, { export: Exported; deletion: Deleted }>;

export type MemberTable = keyof typeof MEMBER_DATA;
/** The export's sections, one per table exported. */
export type ExportSection = Extract<(typeof MEMBER_DATA)[MemberTable]["export"], { section: string }>["section"];
