// The client's one text catalogue: the spec's texts shared with the worker (worker/shared/texts.ts)
// plus every string the screens show, in English; client/i18n/es.ts is the same catalogue in Spanish
// (Chile). Screens read words only from `TEXT`, a live binding that setLanguage() (client/i18n/language.ts)
// points at the active language's catalogue before the app re-renders (docs/client.md "Words").
import { API_ERRORS, TEXTS } from "../worker/shared/texts";
import type { Widen } from "./i18n/catalog";

const en = {
  ...TEXTS,
  /** What the client shows for an API error, by its `code` (client/api.ts errorText). */
  errors: API_ERRORS,
  /** Intl locales of the language: numbers, money and dates; relative time ("3h ago"). */
  locale: { tag: "en-US", relative: "en-US" },
  time: { justNow: "Just now" },
  language: {
    label: "Language",
    names: { en: "English", es: "Español" },
    saveFailed: "Your language could not be saved on your profile; it is kept on this device.",
  },
  common: {
    loading: "Loading",
    loadFailed: "This page could not be loaded.",
    writeFailed: "That did not work. Please try again.",
    tryAgain: "Try again",
    cancel: "Cancel",
    closeDialog: "Close dialog",
    pleaseConfirm: "Please confirm",
    delete: "Delete",
    loadMore: "Load more",
    skipToContent: "Skip to content",
    brand: "Cosmic Lounge",
  },
  payment: {
    ...TEXTS.payment,
    verifyingLabel: "Verifying payment",
    verifyingText: "Verifying your payment with Webpay...",
    amountPaid: (amount: string) => `Amount paid: ${amount}`,
  },
  landing: {
    title: "A sanctuary for kindred souls",
    lead: "A members-only lounge for wellness and spirituality: gather, share and grow together.",
    enter: "Enter the Lounge",
    signIn: "Sign In",
    featuresLabel: "What you will find",
    communityTitle: "Community",
    communityText: "Share reflections, celebrate each other and chat in calm, caring channels.",
    libraryTitle: "Resource library",
    libraryText: "Meditations, guides, audio and video to deepen your practice.",
    vipTitle: "VIP experience",
    vipText: (price: string, days: number) => `Unlimited premium access for ${price} every ${days} days.`,
  },
  lounge: {
    ...TEXTS.lounge,
    heading: "Lounge",
    loadingLounge: "Loading the lounge",
    feedTitle: "Community",
    feedFailed: "Could not load the posts.",
    moreFailed: "Could not load more posts.",
    loadingMore: "Loading more posts",
    emptyTitle: "No posts yet",
    emptyText: "Be the first to share something with the community.",
    postLabel: "What's on your mind?",
    postPlaceholder: "Share a thought, a link, a moment of light...",
    posting: "Posting",
    post: "Post",
    commentsTitle: "Comments",
    postPreview: "Post preview",
    commentsFailed: "Could not load comments.",
    loadingComments: "Loading comments",
    noComments: "No comments yet. Be the first to share your light.",
    commentLabel: "Add a comment",
    sendingComment: "Sending comment",
    comment: "Comment",
    boardFailed: "Could not load the notice board.",
    noNotices: "No notices yet. The stars are quiet today.",
    newNotice: "+ New Notice",
    notices: "Notices",
    deleteNotice: (title: string) => `Delete notice ${title}`,
    welcomeTitle: "Welcome to the Cosmic Lounge ✧",
    welcomeText: "A gentle space to share insights, celebrate small victories and support each other on the journey. Be kind, stay curious and let your light shine.",
  },
  health: {
    tab: "Health",
    title: "System health",
    intro: "Checks the database, file storage, chat, payments and each configured AI provider, with how long each took.",
    run: "Run health check",
    running: "Checking",
    allOk: "Everything is answering.",
    someDown: "Something is not answering: see the rows marked Down.",
    failed: "The health check could not be run.",
    up: "Up",
    down: "Down",
    checkedAt: (when: string) => `Checked at ${when}`,
    latency: (ms: number | null) => (ms === null ? "configuration" : `${ms} ms`),
    names: { d1: "Database (D1)", r2: "File storage (R2)", chat_durable_object: "Chat (Durable Object)", payments: "Payments" } as Record<string, string>,
  },
  stats: {
    label: "Statistics",
    totalMembers: "Total Members",
    totalMembersDefinition: "Everyone with an account, admins included.",
    activeMembers: "Active Members",
    activeMembersDefinition: "Members whose membership (paid or trial) has not lapsed; admins are not counted.",
    totalRevenue: "Total Revenue",
    totalRevenueDefinition: "Completed payments minus refunds.",
    admins: "Admins",
    adminsDefinition: "Accounts with the admin role.",
  },
  payments: {
    refund: "Refund",
    refundLabel: (id: number, email: string) => `Refund payment ${id} of ${email}`,
    refundConfirm: (amount: string, email: string) =>
      `Refund ${amount} to ${email}? Transbank returns the money to the card and the membership loses the days this payment bought. This cannot be undone.`,
    refundConfirmButton: (amount: string) => `Refund ${amount}`,
    refunded: (amount: string, type: string) => `Refunded ${amount} (Transbank: ${type}).`,
    refundFailed: "The refund failed",
    mineTitle: "Your payments",
    mineLoading: "Loading your payments",
    mineFailed: "Could not load your payments.",
    mineEmpty: "No payments yet.",
    date: "Date",
    amount: "Amount",
    status: "Status",
    receipt: "Receipt",
    receiptButton: "PDF",
    testMarker: "test, no real charge",
    status_completed: "Paid",
    status_pending: "Pending",
    status_refunded: "Refunded",
    status_failed: "Failed",
    downloadReceipt: (date: string) => `Download the receipt of ${date} (PDF)`,
    receiptFailed: "The receipt could not be made. Please try again.",
    receiptTitle: "Payment receipt",
    receiptLines: {
      commerce: "Commerce",
      member: "Member",
      date: "Date",
      concept: "Concept",
      amount: "Amount",
      card: "Card",
      authorization: "Authorization code",
      number: "Receipt number",
      test: "TEST PAYMENT: no real charge was made.",
    },
    concept: (days: number) => `Membership, ${days} days`,
    cardEnding: (last4: string) => `**** **** **** ${last4}`,
  },
};

/** The shape of every language's catalogue (client/i18n/es.ts is typed against it). */
export type Catalog = Widen<typeof en>;
export const ENGLISH: Catalog = en;

/** The active language's catalogue. Read it at render time (not in module-level constants). */
export let TEXT: Catalog = ENGLISH;

/** Points `TEXT` at another catalogue; only setLanguage() calls it (then the app re-renders). */
export function activateCatalog(catalog: Catalog) {
  TEXT = catalog;
}
