// Every user-facing text the spec fixes, for the worker: one module per area under texts/, which the
// client's words import one by one (a screen's words only its areas; docs/client.md "Words").
import { EVENT_LIMITS } from "./events";
import { PROGRAM_LIMITS } from "./programs";
import { LIMITS, MODERATION, REACTIONS } from "./rules";
import { ACCOUNT_TEXTS } from "./texts/account";
import { ADMIN_TEXTS } from "./texts/admin";
import { AI_TEXTS } from "./texts/ai";
import { API_TEXTS } from "./texts/api";
import { AUTH_TEXTS } from "./texts/auth";
import { AUTORENEW_TEXTS } from "./texts/autorenew";
import { CHAT_TEXTS } from "./texts/chat";
import { CONFIRM_TEXTS } from "./texts/confirm";
import { LOUNGE_TEXTS } from "./texts/lounge";
import { MODERATION_TEXTS } from "./texts/moderation";
import { MODERATION_ANSWER_TEXTS } from "./texts/moderation-answers";
import { PAYMENT_TEXTS } from "./texts/payment";
import { PROFILE_TEXTS } from "./texts/profile";
import { RATE_LIMIT_TEXTS } from "./texts/rate-limit";
import { RESOURCES_TEXTS } from "./texts/resources";
import { SEARCH_TEXTS } from "./texts/search";
import { SESSION_TEXTS } from "./texts/session";

export const TEXTS = {
  session: SESSION_TEXTS,
  auth: AUTH_TEXTS,
  payment: PAYMENT_TEXTS,
  autorenew: AUTORENEW_TEXTS,
  lounge: LOUNGE_TEXTS,
  chat: CHAT_TEXTS,
  resources: RESOURCES_TEXTS,
  admin: ADMIN_TEXTS,
  profile: PROFILE_TEXTS,
  ai: AI_TEXTS,
  rateLimit: RATE_LIMIT_TEXTS,
  confirm: CONFIRM_TEXTS,
  moderation: { ...MODERATION_TEXTS, ...MODERATION_ANSWER_TEXTS },
  account: ACCOUNT_TEXTS,
  search: SEARCH_TEXTS,
  api: API_TEXTS,
} as const;

/**
 * Every error text the API answers, under its stable code. Error bodies are `{ error, code, details? }`:
 * `error` is the English text here (the spec's where it has one) and `code` its key, which never changes
 * once shipped, so the client can show its own (translated) text by code. A text answered with no
 * entry here gets its status's generic code (ERROR_CODE_BY_STATUS in worker/platform/errors.ts).
 * Static texts must be distinct: the error helpers find a text's code by the text itself.
 */
export const API_ERRORS = {
  // generic, one per status (the fallback codes)
  invalid_input: "Invalid input",
  unauthorized: TEXTS.api.unauthorized,
  payment_required: "Payment required",
  forbidden: TEXTS.api.forbidden,
  not_found: TEXTS.api.notFound,
  conflict: "The request conflicts with the current state",
  body_too_large: TEXTS.api.bodyTooLarge,
  unsupported_media_type: TEXTS.api.unsupportedMediaType,
  rate_limited: TEXTS.rateLimit.tooMany,
  internal: TEXTS.api.internal,
  upstream_failed: "An outside service failed. Please try again.",
  service_unavailable: TEXTS.api.serviceUnavailable,
  // request shape
  invalid_json: TEXTS.api.invalidJson,
  control_characters: TEXTS.api.controlCharacters,
  cross_site_refused: "Cross-site request refused",
  websocket_expected: "Expected a WebSocket upgrade",
  // sign-in
  google_account_mismatch: TEXTS.auth.googleAccountMismatch,
  sign_in_state_mismatch: "Sign-in state mismatch. Please sign in again.",
  sign_in_code_expired: "Invalid or expired sign-in code",
  sign_in_state_invalid: "Invalid sign-in state",
  sign_in_code_invalid: "Invalid sign-in code",
  google_not_configured: "Google sign-in is not configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)",
  // lounge
  post_required: TEXTS.lounge.postRequired,
  post_too_long: TEXTS.lounge.postTooLong,
  post_not_found: TEXTS.lounge.postNotFound,
  comment_required: TEXTS.lounge.commentRequired,
  comment_too_long: TEXTS.lounge.commentTooLong,
  title_required: TEXTS.lounge.noticeTitleRequired,
  content_required: TEXTS.lounge.noticeContentRequired,
  notice_image_url_invalid: TEXTS.lounge.noticeImageUrlInvalid,
  notice_not_found: TEXTS.lounge.noticeNotFound,
  // chat
  channel_not_found: "Channel not found",
  channel_manage_forbidden: "Only the channel's creator or an admin can manage it",
  channel_name_required: "Channel name is required",
  channel_name_too_long: `Channel name must be at most ${LIMITS.channelNameMax} characters`,
  channel_name_invalid: "Channel names cannot hold line breaks, direction marks or only invisible characters",
  channel_description_too_long: `Description must be at most ${LIMITS.channelDescriptionMax} characters`,
  member_email_invalid: "A valid email is required",
  channel_member_not_found: "That person is not a member of this channel",
  channel_invitation_not_found: "That invitation is not pending on this channel",
  invitations_full: `That email already has ${LIMITS.invitationsPerEmailMax} pending invitations`,
  invitation_not_found: "There is no invitation to this channel to decline",
  message_required: "Message cannot be empty",
  message_too_long: `Message must be at most ${LIMITS.chatMessageMax} characters`,
  image_type_invalid: TEXTS.chat.imageTypeInvalid,
  image_too_large: TEXTS.chat.imageTooLarge,
  image_process_failed: TEXTS.chat.imageProcessFailed,
  image_not_an_image: TEXTS.chat.imageNotAnImage,
  // Editing and deleting one's own words
  message_not_found: "Message not found",
  comment_not_found: "Comment not found",
  edit_not_author: "Only its author can edit it",
  delete_not_author: "Only its author or an admin can delete it",
  removed_not_editable: "Content removed by a moderator cannot be edited",
  reply_invalid: "A reply must answer a message you can read in the same channel",
  reaction_invalid: `React with one of ${REACTIONS.emoji.join(" ")}`,
  // Direct messages and blocks. A block is never told: the blocked member's
  // refusals read exactly as a member who does not accept messages; the blocker, who knows, is told why.
  direct_not_accepting: "This member is not accepting messages",
  direct_blocked: "Unblock this member to write to them",
  direct_with_self: "You cannot message yourself",
  direct_not_group: "A direct message cannot be renamed, deleted, joined, left or invited to",
  block_self: "You cannot block yourself",
  block_not_found: "That member is not blocked",
  blocks_full: `You have blocked ${LIMITS.blocksMax} members; unblock one first`,
  direct_messages_invalid: "Direct messages must be everyone or nobody",
  // search
  search_query_required: TEXTS.search.queryRequired,
  // resources and payments
  membership_required: TEXTS.resources.membershipRequired,
  file_type_not_supported: TEXTS.resources.typeNotSupported,
  file_too_large: TEXTS.resources.tooLarge,
  file_required: TEXTS.resources.fileRequired,
  file_process_failed: TEXTS.resources.processFailed,
  tag_too_long: `Each tag must be at most ${LIMITS.tagMax} characters`,
  too_many_tags: `At most ${LIMITS.tagsMax} tags`,
  payment_initiate_failed: TEXTS.payment.initiateFailed,
  payment_verification_failed: TEXTS.payment.verificationFailed,
  payments_not_configured: TEXTS.payment.notConfigured,
  autorenew_not_enrolled: TEXTS.autorenew.notEnrolled,
  autorenew_admin: TEXTS.autorenew.adminHasNoMembership,
  autorenew_transbank_unavailable: TEXTS.autorenew.transbankUnavailable,
  autorenew_enrolment_pending: TEXTS.autorenew.enrolmentPending,
  // profile and members
  timezone_invalid: TEXTS.profile.timezoneInvalid,
  entry_blank: TEXTS.profile.entryBlank,
  entry_too_long: `Entries are at most ${LIMITS.profileEntryMax} characters`,
  too_many_entries: `At most ${LIMITS.profileEntriesMax} entries`,
  social_url_invalid: TEXTS.profile.socialUrlInvalid,
  too_many_socials: TEXTS.profile.socialsTooMany,
  language_invalid: "Language must be en or es",
  profile_empty: "Nothing to save",
  name_too_long: `Name must be at most ${LIMITS.nameMax} characters`,
  name_invalid: "Names cannot hold line breaks, direction marks or only invisible characters",
  name_reserved: "That name belongs to an admin; please choose another",
  bio_too_long: `Bio must be at most ${LIMITS.bioMax} characters`,
  email_required: TEXTS.admin.emailRequired,
  email_invalid: TEXTS.admin.emailInvalid,
  member_exists: TEXTS.admin.memberExists,
  member_not_found: TEXTS.admin.memberNotFound,
  admin_not_deletable: TEXTS.admin.cannotDeleteAdmin,
  own_role_locked: TEXTS.admin.cannotChangeOwnRole,
  payment_not_found: TEXTS.admin.paymentNotFound,
  // plans
  plan_not_found: "That plan does not exist or is no longer offered",
  plan_exists: "A plan with that id exists already",
  amount_mismatch: (amount: number) => `The amount must be ${amount}, the price of the plan chosen`,
  coupon_not_found: "That coupon code does not exist",
  coupon_expired: "That coupon has expired",
  coupon_exhausted: "That coupon has been used as many times as it can be",
  coupon_not_for_plan: "That coupon is not for this plan",
  coupon_exists: "A coupon with that code exists already",
  gift_not_found: "That gift code is not valid",
  gift_redeemed: "That gift has been used already",
  gift_expired: "That gift has expired",
  gift_not_refundable: "A gift that was used cannot be refunded",
  pause_not_active: "Only a running membership with automatic renewal on can pause",
  pause_not_paused: "Automatic renewal is not paused",
  pause_in_trial: "A trial cannot be paused; stop automatic renewal instead and nothing is charged",
  trial_not_offered: "That plan has no free trial",
  trial_used: "The free trial has been used already, by this account or with this card",
  trial_member_active: "Your membership is running already; the free trial is for joining",
  payment_charge_in_flight:
    "This automatic charge is still being settled with Transbank; it can be deleted once the next daily run settles it.",
  payment_already_refunded: TEXTS.admin.alreadyRefunded,
  refund_not_completed: TEXTS.admin.refundNotCompleted,
  refund_refused: TEXTS.admin.refundRefused,
  // AI
  prompt_required: TEXTS.ai.promptRequired,
  ai_empty: TEXTS.lounge.aiEmpty,
  ai_not_configured: TEXTS.ai.notConfigured,
  ai_images_not_configured: TEXTS.ai.imageNotConfigured,
  ai_invalid_key: TEXTS.ai.invalidKey,
  ai_timeout: TEXTS.ai.timeout,
  ai_unreachable: TEXTS.ai.unreachable,
  ai_unavailable: TEXTS.ai.unavailable,
  ai_busy: TEXTS.ai.busy,
  ai_rejected: TEXTS.ai.rejected,
  ai_blocked: TEXTS.ai.blocked,
  ai_invalid_response: TEXTS.ai.invalidResponse,
  ai_empty_image: TEXTS.ai.emptyImage,
  ai_image_store_failed: TEXTS.ai.imageStoreFailed,
  ai_rate_limited: TEXTS.ai.rateLimited,
  // moderation and data rights
  account_muted: TEXTS.moderation.muted,
  mute_admin_forbidden: TEXTS.moderation.cannotMuteAdmin,
  already_reported: TEXTS.moderation.alreadyReported,
  open_reports_full: `You have ${MODERATION.openReportsPerReporterMax} reports waiting for a moderator; please wait until they are reviewed`,
  own_content_report: TEXTS.moderation.cannotReportOwn,
  already_removed: TEXTS.moderation.alreadyRemoved,
  reported_content_not_found: TEXTS.moderation.contentNotFound,
  report_not_found: TEXTS.moderation.reportNotFound,
  report_already_resolved: TEXTS.moderation.alreadyResolved,
  post_removed: TEXTS.moderation.hiddenNoInteraction,
  delete_confirm_mismatch: TEXTS.account.confirmMismatch,
  last_admin: TEXTS.account.lastAdmin,
  last_admin_role: "The community needs an admin: make another member an admin first",
  // events
  event_not_found: "Event not found",
  event_title_required: "The event needs a title",
  event_title_too_long: `An event title is at most ${EVENT_LIMITS.titleMax} characters`,
  event_title_invalid: "Event titles cannot hold line breaks, direction marks or only invisible characters",
  event_time_invalid: "Start and end must be a date and time like 2027-04-03T20:00",
  event_end_before_start: "The event must end after it starts",
  event_too_long: `An event lasts at most ${EVENT_LIMITS.durationMaxMs / (24 * 60 * 60 * 1000)} days`,
  event_place_required: "An in-person event needs a place",
  event_meeting_url_invalid: "The meeting link must be an http(s) address",
  event_members_only: "This event is for paying members",
  event_cancelled: "This event was cancelled",
  event_over: "This event is over",
  event_repeat_until_required: "A repeating event needs the date it repeats until (YYYY-MM-DD)",
  event_repeat_until_before_start: "The event must repeat until a date after it starts",
  event_repeat_too_long: `A repeating event has at most ${EVENT_LIMITS.occurrencesMax} dates`,
  event_occurrence_not_found: "That date is not one of the event's",
  event_occurrence_cancelled: "That date was cancelled already",
  event_cover_required: "Choose an image file for the cover",
  event_cover_too_large: `A cover image must be smaller than ${LIMITS.eventCoverMaxBytes / (1024 * 1024)}MB`,
  event_cover_not_found: "This event has no cover image",
  // push and email
  push_not_configured: "Push notifications are not configured on this server",
  push_endpoint_invalid: "A push endpoint must be the https address of a browser's push service",
  push_keys_invalid: "The subscription's keys are not an uncompressed P-256 key and a 16-byte auth secret",
  push_subscription_not_found: "This browser is not subscribed",
  // idempotent writes (Idempotency-Key)
  idempotency_key_invalid: "Idempotency-Key must be a UUID",
  idempotency_key_reused: "This Idempotency-Key was already used for a different request",
  request_in_progress: "A request with this Idempotency-Key is still in progress; retry shortly",
  idempotency_keys_full: "Too many requests are still in progress; retry shortly",
  // programs
  program_not_found: "Program not found",
  program_cover_required: "Choose an image file for the program's cover",
  program_cover_too_large: `A program's cover image must be smaller than ${PROGRAM_LIMITS.coverMaxBytes / (1024 * 1024)}MB`,
  program_cover_not_found: "This program has no cover image",
  program_title_required: "The program needs a title",
  program_title_too_long: `A program title is at most ${PROGRAM_LIMITS.titleMax} characters`,
  program_title_invalid: "Program titles cannot hold line breaks, direction marks or only invisible characters",
  program_date_invalid: "Dates are like 2027-04-03",
  programs_full: `At most ${PROGRAM_LIMITS.programsMax} programs`,
  program_not_enrolled: "Enrol in the program first",
  programs_enrolled_full: `You can follow at most ${PROGRAM_LIMITS.enrolledMax} programs at once; leave one first`,
  program_not_finished: "Finish every lesson of the program first",
  lesson_not_found: "Lesson not found",
  lesson_locked: "This lesson is not open yet",
  lesson_title_required: "The lesson needs a title",
  lesson_title_too_long: `A lesson title is at most ${PROGRAM_LIMITS.titleMax} characters`,
  lesson_title_invalid: "Lesson titles cannot hold line breaks, direction marks or only invisible characters",
  lessons_full: `A program has at most ${PROGRAM_LIMITS.lessonsMax} lessons`,
  lesson_order_invalid: "The order must list every lesson of the program once",
  lesson_media_type: "Lesson media must be audio (MP3, M4A, OGG, WebM) or video (MP4, WebM)",
  lesson_media_too_large: `A lesson's media sent at once is at most ${PROGRAM_LIMITS.lessonMediaMaxBytes / (1024 * 1024)}MB; larger files go up in parts`,
  lesson_upload_too_large: `A lesson's media is at most ${PROGRAM_LIMITS.lessonMediaMultipartMaxBytes / (1024 * 1024 * 1024)}GB`,
  lesson_no_media: "This lesson has no audio or video",
  upload_not_found: "That upload is not in progress",
  upload_part_invalid: "Each part but the last has the part size, and the parts add up to the file",
  practice_day_full: `A day holds at most ${PROGRAM_LIMITS.practiceDayMinutesMax / 60} hours of practice`,
  practice_minutes_invalid: `Minutes are ${PROGRAM_LIMITS.practiceMinutesMin} to ${PROGRAM_LIMITS.practiceMinutesMax}`,
  practice_not_found: "Practice entry not found",
  practice_range_invalid: `A range is from a date to a later one, at most ${PROGRAM_LIMITS.practiceRangeMaxDays} days`,
} as const;

export type ErrorCode = keyof typeof API_ERRORS;

/** The body of every error answer of the API (AI errors add the provider as `model`). */
export type ApiErrorBody = { error: string; code: ErrorCode; details?: unknown };

type ErrorArgs<C extends ErrorCode> = (typeof API_ERRORS)[C] extends (...args: infer A) => string ? A : [];

/** A catalogue text with its code, for the texts that take arguments (the error helpers accept it as a message). */
export type CodedText = { code: ErrorCode; text: string };

export function errorText<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): CodedText {
  const entry: string | ((...a: never[]) => string) = API_ERRORS[code];
  return { code, text: typeof entry === "function" ? (entry as (...a: ErrorArgs<C>) => string)(...args) : entry };
}

const CODE_BY_TEXT = new Map<string, ErrorCode>(
  (Object.entries(API_ERRORS) as [ErrorCode, unknown][]).flatMap(([code, entry]) =>
    typeof entry === "string" ? [[entry, code] as const] : [],
  ),
);

/** The code of a static catalogue text, or undefined. */
export const errorCodeOf = (text: string): ErrorCode | undefined => CODE_BY_TEXT.get(text);
