// Every user-facing text the spec fixes, in one place for the worker and the client.
import { EVENT_LIMITS } from "./events";
import { LIMITS, MEMBERSHIP, MODERATION, PRODUCT_NAME, REACTIONS } from "./rules";

export const TEXTS = {
  session: {
    fetchUserFailed: (status: number) => `Failed to fetch user: API responded with HTTP status ${status}`,
    redirectFailed: (status: number) => `Failed to get login redirect URL: API responded with HTTP status ${status}`,
    exchangeFailed: (status: number) =>
      `Failed to exchange code for session token: API responded with HTTP status ${status}`,
    noCode: "Cannot exchange code for session token: no code provided in the URL search params",
    logoutFailed: "Failed to logout",
    completing: "Completing your cosmic journey...",
    loading: "Loading...",
  },
  auth: {
    googleAccountMismatch:
      "This email is already linked to a different Google account. Sign in with the Google account you used before, or ask an admin for help.",
  },
  payment: {
    initiateFailed: "Failed to initiate payment",
    initiateNetwork: "Failed to initiate payment. Please try again.",
    alreadyActive: "You already have an active membership! Redirecting to resources...",
    success: `Payment successful! Your cosmic membership has been activated for ${MEMBERSHIP.periodDays} days. Welcome to the ${PRODUCT_NAME} Lounge!`,
    processed: `Payment processed! Your cosmic membership has been activated for ${MEMBERSHIP.periodDays} days. Welcome to the ${PRODUCT_NAME} Lounge!`,
    verificationFailed: "Payment verification failed. Please contact support if you were charged.",
    verificationNetwork: "Unable to verify payment. Please contact support if you were charged.",
    cancelled: "Payment was cancelled or failed. Please try again.",
    pricingTitle: "Unlock Premium Resources",
    signInToContinue: "Sign In to Continue",
    processingTitle: "Processing Payment",
    successTitle: "Welcome to the Lounge!",
    enterLounge: "Enter the Lounge",
    errorTitle: "Payment Issue",
    tryAgain: "Try Again",
    notConfigured: (missing: string[]) =>
      `Payments are not available: the site's Webpay configuration is incomplete (missing ${missing.join(", ")}).`,
    testModeBanner: "Test mode: no real charges",
  },
  autorenew: {
    notEnrolled: "Automatic renewal is not on",
    adminHasNoMembership: "Admins have no membership to renew",
    transbankUnavailable: "Transbank could not be reached. Nothing was changed; please try again.",
  },
  lounge: {
    noticeCreateFailed: "Failed to create notice",
    noticeDeleteFailed: "Failed to delete notice",
    aiInvalidResponse: "Invalid response from AI service. Please try again.",
    aiEmpty: "AI generated empty content. Please try with a different prompt.",
    aiTextFailed: "Failed to generate content",
    aiImageFailed: "Failed to generate image",
    postDeleteFailed: "Failed to delete post",
    postRequired: "Post content is required",
    postTooLong: "Post must be at most 500 characters",
    commentRequired: "Comment is required",
    commentTooLong: "Comment must be at most 300 characters",
    noticeTitleRequired: "Title is required",
    noticeContentRequired: "Content is required",
    noticeImageUrlInvalid: "Image URL must be an http(s) address",
    postNotFound: "Post not found",
    noticeNotFound: "Notice not found",
    newPostTitle: "Share with the community",
    noticeBoardTitle: "Cosmic Notice Board",
    createNoticeTitle: "Create Cosmic Notice",
    pinned: "Pinned",
    copied: "Copied!",
    comingSoon: "Coming Soon",
    counter: (n: number, max: number) => `${n}/${max} characters`,
  },
  chat: {
    createFailed: "Failed to create channel",
    updateFailed: "Failed to update channel",
    deleteFailed: "Failed to delete channel",
    imageUploadFailed: "Failed to upload image",
    imageReadFailed: "Failed to read image file",
    imageProcessFailed: "Failed to process image",
    imageTypeInvalid: "Please select an image file",
    imageTooLarge: "Image must be smaller than 5MB",
    imageNotAnImage: "The file is not a valid image",
    imageDataUrlInvalid: "image_url must be a base64 data URL of an image",
    sendFailed: "Failed to send message",
    memberAddFailed: "Failed to add member",
    memberRemoveFailed: "Failed to remove member",
    loadFailed: "Failed to load messages",
    channelsLoadFailed: "Failed to load channels",
    moreLinks: (n: number) => `+ ${n} more ${n === 1 ? "link" : "links"}`,
    newMessage: (sender: string, body: string) => `New message from ${sender}: ${body}`,
    offline: "Live updates paused, checking for new messages every few seconds",
  },
  resources: {
    accessDenied: "Access denied",
    membershipRequired: "An active membership is required to access premium resources.",
    loadFailed: "Failed to load resources",
    uploadFailed: "Failed to upload file",
    readFailed: "Failed to read file",
    processFailed: "Failed to process file",
    deleteFailed: "Failed to delete resource",
    updateFailed: "Failed to update resource",
    typeNotSupported: "File type not supported. Please upload images, videos, audio, documents, or archives.",
    tooLarge: "File must be smaller than 50MB",
    titleRequired: "Title is required",
    fileRequired: "Please choose a file to upload",
    lockedTitle: "Premium Resources Access Required",
    lockedPrice: `Monthly Access: ${MEMBERSHIP.priceLabel}`,
    lockedPeriod: `Pay once every ${MEMBERSHIP.periodDays} days for unlimited access`,
    lockedButton: `Get ${MEMBERSHIP.periodDays}-Day Access - ${MEMBERSHIP.priceLabel}`,
    emptyTitle: "No Resources Yet",
    noResultsTitle: "No Results Found",
    titlePlaceholder: "Auto-generated if left blank",
    geminiImagesSoon: "Coming Soon",
    geminiImagesSoonText: "Image generation with Gemini will be available soon.",
    contentFormatError:
      "Content format error: Unable to display this content properly. Please regenerate or contact support.",
  },
  admin: {
    paymentsNotConfigured: (missing: string[]) =>
      `Payments are not configured: checkout answers 503 until ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} set (wrangler secret put NAME --env production).`,
    testPayment: "test",
    validateKeysFailed: "Failed to validate API keys",
    deleteMemberFailed: "Failed to delete member",
    addMemberFailed: "Failed to add member",
    deletePaymentFailed: "Failed to delete payment",
    clearPaymentsFailed: "Failed to clear payments",
    clearedPayments: "All payment records have been deleted successfully.",
    emailRequired: "Email is required",
    emailInvalid: "Enter a valid email address",
    memberExists: "A member with this email already exists",
    memberNotFound: "Member not found",
    cannotDeleteAdmin: "Admins cannot be deleted",
    cannotChangeOwnRole: "You cannot change your own role",
    paymentNotFound: "Payment not found",
    alreadyRefunded: "This payment has already been refunded",
    refundNotCompleted: "Only a completed payment can be refunded",
    refundRefused: "Transbank did not accept the refund. Nothing was changed.",
    loadFailed: "Failed to load admin data",
    updateRoleFailed: "Failed to update role",
    contentPlaceholder:
      "Reported posts, comments and messages are in the Moderation tab; every admin action is in the Audit tab.",
    keysHint:
      "Troubleshooting: check that each key is set as a worker secret (OPENAI_API_KEY, GEMINI_API_KEY, STRAICO_API_KEY), has no extra spaces, and is still active in the provider's dashboard.",
  },
  profile: {
    notFound: "Profile not found",
    saveFailed: "Failed to save profile",
    detailsSaveFailed: "Failed to save your details",
    timezoneInvalid: "Timezone must be a valid IANA time zone, like America/Santiago",
    entryBlank: "Entries cannot be blank",
    socialUrlInvalid: "Social links must be http(s) URLs",
    socialsTooMany: `At most ${LIMITS.socialsMax} social links`,
    notSet: "Not set",
    sessionsLoadFailed: "Failed to load your sessions",
    signOutOthersFailed: "Failed to sign out other sessions",
    signedOutOthers: (n: number) => `Signed out ${n} other session${n === 1 ? "" : "s"}.`,
  },
  ai: {
    notConfigured: (label: string, secret: string) => `${label} is not configured: set the ${secret} secret`,
    imageNotConfigured: (label: string, variable: string) =>
      `${label} image generation is not configured: set the ${variable} variable to an image model`,
    invalidKey: (label: string) => `Invalid API key for ${label}`,
    timeout: "The AI provider did not answer in time",
    unreachable: (label: string) => `Could not reach ${label}. Please try again.`,
    unavailable: (label: string, status: number) =>
      `${label} is unavailable right now (HTTP ${status}). Please try again later.`,
    busy: (label: string) => `${label} is busy or out of quota. Please try again later.`,
    rejected: (label: string, status: number) => `${label} rejected the request (HTTP ${status})`,
    blocked: (label: string, reason: string) =>
      `${label} blocked this prompt (${reason}). Please try a different prompt.`,
    invalidResponse: (label: string) => `${label} sent a response that could not be read`,
    emptyImage: (label: string) => `${label} returned no image. Please try with a different prompt.`,
    keyNotConfigured: "Not configured",
    promptRequired: "Prompt is required",
    imageStoreFailed: "The generated image could not be stored. Please try again.",
    imageDownloadRefused: "The image link from the AI provider was refused",
    temporaryUrlWarning:
      "The image could not be stored, so the AI provider's link was kept instead. This link may expire: download the image soon.",
    resourceGenerated: "Resource generated",
    notConfiguredShort: (label: string) => `${label} is not configured`,
    imagesNotConfiguredShort: (label: string) => `${label} image generation is not configured`,
    rateLimited: (limit: number, windowLabel: string, retryMinutes: number) =>
      `Too many AI requests: the limit is ${limit} per ${windowLabel}. Please try again in ${retryMinutes} minute${retryMinutes === 1 ? "" : "s"}.`,
  },
  rateLimit: {
    tooMany: (retrySeconds: number) =>
      `Too many requests. Please try again in ${retrySeconds} second${retrySeconds === 1 ? "" : "s"}.`,
  },
  confirm: {
    deletePost: "Are you sure you want to delete this post? This action cannot be undone.",
    deleteNotice: "Are you sure you want to delete this cosmic notice? This action cannot be undone.",
    deleteChannel: "Are you sure you want to delete this channel? All of its messages will be permanently deleted.",
    deleteResource: "Are you sure you want to delete this resource?",
    deleteMember: "Are you sure you want to delete this member? This action cannot be undone.",
    deletePayment: "Are you sure you want to delete this payment record?",
    clearPayments: "Are you sure you want to delete ALL payment records? This action cannot be undone.",
  },
  moderation: {
    /** What everyone sees in place of hidden content. */
    removed: "Removed by a moderator",
    removedReason: (reason: string) => `Removed by a moderator: reported as ${reason}. Only you see this reason.`,
    reasonLabels: { spam: "spam", harassment: "harassment", other: "breaking the community's guidelines" },
    muted: (until: string) => `You are muted until ${until}. You can read, but not post, comment or chat until then.`,
    cannotMuteAdmin: "Admins cannot be muted",
    reportSent: "Thanks. A moderator will review it; the author will not know who reported it.",
    alreadyReported: "You have already reported this",
    cannotReportOwn: "You cannot report your own content",
    alreadyRemoved: "This was already removed by a moderator",
    contentNotFound: "That content no longer exists",
    reportNotFound: "Report not found",
    alreadyResolved: "This report was already resolved",
    hiddenNoInteraction: "This post was removed by a moderator",
  },
  account: {
    confirmMismatch: "Type your account's email exactly to confirm",
    lastAdmin: "You are the only admin: make another member an admin before deleting your account",
    /** Stands in for a deleted member's name and email where a record is kept (payments, library resources). */
    formerMember: "Former member",
    deletionSummary: {
      deleted:
        "Your profile, posts, comments (and the comments on your posts), chat messages and images, likes, channel memberships, blocks (yours and others' of you), reports you filed, sessions and membership are deleted at once. Direct messages stay with the other member, without your messages.",
      anonymised:
        "Library resources you uploaded stay in the library with your name removed, and channels you created stay without you as their creator.",
      kept: `Payment records are kept without your name or email for ${MODERATION.paymentRecordsKeptYears} years, the period Chile's tax law (Código Tributario, arts. 17 and 200) requires accounting records to be kept.`,
    },
  },
  search: {
    queryRequired: "Type something to search for",
  },
  api: {
    unauthorized: "Authentication required",
    forbidden: "You do not have permission to do that",
    notFound: "Not found",
    internal: "Internal server error",
    serviceUnavailable: "The service is unavailable right now. Please try again in a few minutes.",
    invalidJson: "Request body must be valid JSON",
    controlCharacters: "Text must not contain control characters",
    unsupportedMediaType: "Send the request body as JSON",
    bodyTooLarge: "The request body is too large",
  },
} as const;

/**
 * Every error text the API answers, under its stable code. Error bodies are `{ error, code, details? }`:
 * `error` is the English text here (the spec's where it has one) and `code` its key, which never changes
 * once shipped, so the client can show its own (translated) text by code. A text answered with no
 * entry here gets its status's generic code (ERROR_CODE_BY_STATUS in worker/lib/errors.ts).
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
  // conversations (issue 36): editing and deleting one's own words
  message_not_found: "Message not found",
  comment_not_found: "Comment not found",
  edit_not_author: "Only its author can edit it",
  delete_not_author: "Only its author or an admin can delete it",
  removed_not_editable: "Content removed by a moderator cannot be edited",
  reply_invalid: "A reply must answer a message you can read in the same channel",
  reaction_invalid: `React with one of ${REACTIONS.emoji.join(" ")}`,
  // conversations (issue 36): direct messages and blocks. A block is never told: the blocked member's
  // refusals read exactly as a member who does not accept messages.
  direct_not_accepting: "This member is not accepting messages",
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
  // moderation and data rights (issue 20)
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
  // events (issue 35)
  event_not_found: "Event not found",
  event_title_required: "The event needs a title",
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
  // push and email (issue 33)
  push_not_configured: "Push notifications are not configured on this server",
  push_endpoint_invalid: "A push endpoint must be a public https address",
  push_keys_invalid: "The subscription's keys are not a valid P-256 key and 16-byte auth secret",
  push_subscription_not_found: "This browser is not subscribed",
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
