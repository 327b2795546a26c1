// The client's one text catalogue: the spec's texts shared with the worker (worker/shared/texts.ts)
// plus every string the screens show, in English; client/i18n/es.ts is the same catalogue in Spanish
// (Chile). Screens read words only from `TEXT`, a live binding that setLanguage() (client/i18n/language.ts)
// points at the active language's catalogue before the app re-renders (docs/client.md "Words").
// This file holds the words of the shell and of more than one screen; the sections only one screen
// shows are in that screen's words.ts / words.es.ts and load with it (`WORDS`, client/i18n/language.ts).

import type { API_ERRORS } from "../worker/shared/texts";
import { ACCOUNT_TEXTS } from "../worker/shared/texts/account";
import { AI_TEXTS } from "../worker/shared/texts/ai";
import { API_TEXTS } from "../worker/shared/texts/api";
import { AUTH_TEXTS } from "../worker/shared/texts/auth";
import { AUTORENEW_TEXTS } from "../worker/shared/texts/autorenew";
import { CONFIRM_TEXTS } from "../worker/shared/texts/confirm";
import { MODERATION_TEXTS } from "../worker/shared/texts/moderation";
import { PAYMENT_TEXTS } from "../worker/shared/texts/payment";
import { RATE_LIMIT_TEXTS } from "../worker/shared/texts/rate-limit";
import { RESOURCES_TEXTS } from "../worker/shared/texts/resources";
import { SEARCH_TEXTS } from "../worker/shared/texts/search";
import { SESSION_TEXTS } from "../worker/shared/texts/session";
import type { Widen } from "./i18n/catalog";

// The spec's texts of the sections that load with their screen (lounge, chat, admin, profile) come
// with those words (words.ts); the API's error texts are not here: in English the server's own are shown.
const en = {
  session: SESSION_TEXTS,
  resources: RESOURCES_TEXTS,
  rateLimit: RATE_LIMIT_TEXTS,
  confirm: CONFIRM_TEXTS,
  account: ACCOUNT_TEXTS,
  api: API_TEXTS,
  /** The Intl locale of the language: numbers, money and dates. */
  locale: { tag: "en-US" },
  /** docs/spec.md §9 relative time: 'Just now', 'Nh ago', 'Nd ago'. */
  time: {
    justNow: "Just now",
    hoursAgo: (n: number) => `${n}h ago`,
    daysAgo: (n: number) => `${n}d ago`,
    hour: "hour",
  },
  /** The shell's navigation (client/components/AppLayout.tsx). */
  nav: {
    main: "Main",
    openNavigation: "Open navigation",
    lounge: "Lounge",
    chat: "Chat",
    resources: "Resources",
    profile: "Profile",
    events: "Events",
    admin: "Admin",
    member: "Member",
    signOut: "Sign Out",
  },
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
    working: "Working",
    pleaseConfirm: "Please confirm",
    delete: "Delete",
    loadMore: "Load more",
    skipToContent: "Skip to content",
    brand: "Cosmic Lounge",
    /** The document's title on a screen (client/components/PageTitle.tsx). */
    pageTitle: (screen: string) => `${screen} · Cosmic Lounge`,
  },
  /** Screen names for the document's title, where the navigation has none. */
  titles: {
    pricing: "Membership",
    devSignIn: "Sign in",
    payReturn: "Payment",
    notFound: "Page not found",
  },
  /** The page of an unknown address (client/components/NotFoundPage.tsx). */
  notFound: {
    title: "Lost among the stars",
    text: "This page does not exist.",
    home: "Go home",
  },
  auth: {
    ...AUTH_TEXTS,
    /** The development sign-in provider's page (client/auth-dev/DevSignInPage.tsx). */
    devTitle: "Development sign-in",
    devIntro: "Stands in for Google on this local server. Use admin@example.com to sign in as an admin.",
    devEmail: "Email",
    devName: "Name",
    devContinue: "Continue",
  },
  payment: {
    ...PAYMENT_TEXTS,
    verifyingLabel: "Verifying payment",
    verifyingText: "Verifying your payment with Webpay...",
    amountPaid: (amount: string) => `Amount paid: ${amount}`,
    /** The pricing page (client/pricing/PricingPage.tsx). */
    pricingEyebrow: "Cosmic Lounge membership",
    pricingLead: "Join the inner circle and open the whole library of teachings, practices and media.",
    membershipLabel: "Your membership",
    statusLabel: "Membership status",
    statusNames: { active: "Active", admin: "Admin", trial: "Trial", expired: "Expired" } as Record<string, string>,
    expiredOn: (date: string) => `Expired on ${date}`,
    nextDue: (date: string) => `Next payment due ${date}`,
    goToResources: "Go to Resources",
    statusFailed: "Your membership status could not be loaded.",
    planTitle: "Monthly Membership",
    perPeriod: (days: number) => `/ ${days} days`,
    benefitLibrary: "The full premium resource library: meditations, guides, audio and video",
    benefitAi: "AI-crafted articles and imagery for your practice",
    benefitAccess: (days: number) => `${days} days of access, paid once per period`,
    starting: "Starting payment",
    redirecting: "Redirecting to Webpay...",
    payWith: (price: string) => `Pay ${price} with Webpay`,
    secureHint: "Secure card payment by Transbank Webpay Plus. You will come back here when it is done.",
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
  moderation: {
    ...MODERATION_TEXTS,
    report: "Report",
    reportTitle: { post: "Report this post", comment: "Report this comment", message: "Report this message" },
    reportPost: "Report post",
    reportComment: (name: string) => `Report the comment of ${name}`,
    reportMessage: (name: string) => `Report the message of ${name}`,
    reportIntro: "Tell the moderators what is wrong. The author will not know who reported it.",
    reasonLegend: "Reason",
    reasonOptions: { spam: "Spam", harassment: "Harassment", other: "Something else" },
    detailsLabel: "Details (optional)",
    sendReport: "Send report",
    sendingReport: "Sending report",
    reportFailed: "The report could not be sent. Please try again.",
    postOptions: "Post options",
    deletePost: "Delete post",
    mute: "Mute",
    unmute: "Unmute",
    muteLabel: (who: string) => `Mute ${who}`,
    unmuteLabel: (who: string) => `Unmute ${who}`,
    muteTitle: (who: string) => `Mute ${who}`,
    muteIntro:
      "A muted member can read but cannot post, comment or chat until the time runs out. You can unmute them sooner.",
    muteHours: "Hours",
    muteHoursHint: (max: number) => `From 1 to ${max} hours (${max / 24} days).`,
    muting: "Muting",
    mutedBadge: (until: string) => `Muted until ${until}`,
    mutedToast: (who: string, until: string) => `${who} is muted until ${until}.`,
    unmutedToast: (who: string) => `${who} can post again.`,
    tab: "Moderation",
    queueTitle: "Open reports",
    queueIntro:
      'Reported content in its context. Hide replaces it with "Removed by a moderator" for everyone (its author sees the reason); Dismiss leaves it.',
    queueEmpty: "No open reports. All is calm.",
    queueFailed: "Could not load the reports.",
    kindLabels: { post: "Post", comment: "Comment", message: "Chat message" },
    reportCount: (n: number) => `${n} report${n === 1 ? "" : "s"}`,
    reasonsLabel: "Reasons given",
    onPost: (excerpt: string) => `On the post: "${excerpt}"`,
    inChannel: (name: string) => `In #${name}`,
    byAuthor: (name: string) => `by ${name}`,
    reportedImage: "Reported image",
    hide: "Hide",
    dismiss: "Dismiss",
    hideLabel: (kind: string, who: string) => `Hide the ${kind.toLowerCase()} of ${who}`,
    dismissLabel: (kind: string, who: string) => `Dismiss the report on the ${kind.toLowerCase()} of ${who}`,
    hiddenToast: 'Hidden: members now see "Removed by a moderator".',
    dismissedToast: "Report dismissed: the content stays.",
  },
  search: {
    ...SEARCH_TEXTS,
    open: "Search",
    shortcut: "Ctrl K",
    shortcutMac: "⌘ K",
    title: "Search the lounge",
    label: "Search posts, comments, messages and resources",
    placeholder: "Search everything...",
    kindLabel: "Show",
    kinds: {
      all: "All",
      post: "Posts",
      comment: "Comments",
      message: "Messages",
      resource: "Resources",
      event: "Events",
    },
    kindOne: { post: "Post", comment: "Comment", message: "Message", resource: "Resource", event: "Event" },
    results: "Results",
    searching: "Searching",
    hint: "Type to search. Use the arrow keys to move and Enter to open.",
    empty: (q: string) => `Nothing found for "${q}".`,
    failed: "The search did not work. Please try again.",
    count: (n: number) => (n === 1 ? "1 result" : `${n} results`),
    inChannel: (name: string) => `in #${name}`,
    messageNotShown: "That message is no longer in this channel.",
  },
  notifications: {
    open: "Notifications",
    openWithCount: (n: number) => (n === 1 ? "Notifications, 1 unread" : `Notifications, ${n} unread`),
    title: "Notifications",
    markAllRead: "Mark all read",
    empty: "Nothing new. The stars are quiet.",
    failed: "Could not load your notifications.",
    loading: "Loading notifications",
    unreadMark: "Unread",
    someone: "Someone",
    comment: (who: string) => `${who} commented on your post`,
    like: (who: string, count: number) =>
      count <= 1 ? `${who} liked your post` : `${who} and ${count - 1} more liked your post`,
    mentionPost: (who: string) => `${who} mentioned you in a post`,
    mentionChat: (who: string, channel: string) => `${who} mentioned you in #${channel}`,
    notice: (title: string) => `New pinned notice: ${title}`,
    paymentCompleted: "Your payment went through: your membership is active.",
    paymentFailed: "Your payment did not go through.",
    membershipEnding: (date: string) => `Your membership ends on ${date}. Renew to keep your access.`,
    channelInvite: (who: string, channel: string) => `${who} invited you to the private channel #${channel}`,
    /** The channel is one the reader can no longer read: its name is not shown. */
    channelInviteHidden: (who: string) => `${who} invited you to a private channel`,
    mentionHiddenChat: (who: string) => `${who} mentioned you in a private channel`,
    replyChat: (who: string, channel: string) => `${who} replied to you in #${channel}`,
    replyHiddenChat: (who: string) => `${who} replied to you in a private channel`,
    decline: "Decline",
    declineLabel: (channel: string) => `Decline the invitation to #${channel}`,
    declineFailed: "The invitation could not be declined. Please try again.",
  },
  unread: {
    badge: (n: number) => (n === 1 ? "1 unread message" : `${n} unread messages`),
    more: (cap: number) => `${cap}+`,
  },
  mentions: {
    suggestions: "People to mention",
    noMatch: "No member by that name",
  },
  /** docs/spec.md §8: the lines an AI failure adds under the error (client/components/ai.ts). */
  ai: {
    ...AI_TEXTS,
    detailsLine: (details: string) => `Details: ${details}`,
    modelLine: (model: string) => `Model: ${model}`,
  },
  /** Automatic renewal with Oneclick Mall (issue 34): /pricing, the profile, notices and the admin tabs. */
  autorenew: {
    ...AUTORENEW_TEXTS,
    title: "Renew automatically",
    offText: (amount: string, days: number) =>
      `Enrol a card once with your bank and ${amount} is charged on each due date, every ${days} days. Stop whenever you like.`,
    keepDays: "The days you have stay yours: the first automatic charge is on your due date.",
    enrol: "Renew automatically",
    starting: "Opening your bank's enrolment",
    onText: (card: string) => `On: ${card} is charged on each due date.`,
    nextCharge: (amount: string, date: string) => `Next automatic charge: ${amount} on ${date}.`,
    stop: "Stop automatic renewal",
    stopping: "Stopping automatic renewal",
    stopped: "Automatic renewal is off. Nothing more will be charged.",
    stopFailed: "Could not stop automatic renewal",
    startFailed: "Could not start the card enrolment",
    paused:
      "Automatic renewal is paused: your card was refused several times. Enrol a card again and pay this period by hand; the next ones renew automatically.",
    enrolAgain: "Enrol a card again",
    outcome: {
      enrolled: "Your card is enrolled: your membership now renews automatically.",
      refused: "Your bank did not enrol the card. Nothing changed.",
      abandoned: "You left the enrolment. Nothing changed.",
      failed: "The enrolment could not be finished. Nothing changed; please try again.",
    },
    notice: (amount: string, date: string) =>
      `On ${date} your enrolled card will be charged ${amount} to renew your membership. To stop it, turn off automatic renewal in your profile.`,
    automaticMarker: "automatic",
    membersColumn: "Auto-renew",
    healthName: "Automatic renewal (Oneclick)",
    memberStates: { active: "On", paused: "Paused", off: "Off" },
  },
  /** Gatherings (issue 35): client/events/, the event notifications and the profile's calendar link. */
  events: {
    title: "Gatherings",
    intro: "Circles, meditations, workshops and retreats. Times are shown in your time zone.",
    upcoming: "Upcoming",
    past: "Past",
    noUpcoming: "No gatherings planned yet.",
    noPast: "No past gatherings yet.",
    loadFailed: "Could not load the gatherings.",
    loading: "Loading gatherings",
    notFound: "This gathering does not exist.",
    back: "All gatherings",
    newEvent: "New gathering",
    editEvent: "Edit",
    editTitle: "Edit gathering",
    cancelEvent: "Cancel gathering",
    cancelConfirm: (title: string) => `Cancel "${title}"? Everyone who answered will be told.`,
    cancelled: "Cancelled",
    paidOnly: "Members only",
    lockedText: "This gathering is for paying members.",
    seePricing: "See the membership",
    online: "Online",
    inPerson: "In person",
    hostedBy: (name: string) => `Hosted by ${name}`,
    goingCount: (n: number) => (n === 1 ? "1 going" : `${n} going`),
    waitlistCount: (n: number) => `${n} on the waitlist`,
    placesLeft: (n: number) => (n === 1 ? "1 place left" : `${n} places left`),
    full: "Full: answering Going joins the waitlist",
    goingLabel: "Who is going",
    yourAnswer: "Your answer",
    answers: { going: "Going", maybe: "Maybe", declined: "Not going" },
    answerSaved: { going: "You're going.", maybe: "Saved as maybe.", declined: "Saved as not going." },
    waitlisted: "You're on the waitlist: we'll tell you as soon as a place opens.",
    answerFailed: "Could not save your answer",
    meetingLink: "Join the meeting",
    meetingHidden: "The meeting link appears here once you're going.",
    addToCalendar: "Add to calendar",
    /** A time in the member's zone, then the event's own when they differ: "8:00 PM (Chile time)". */
    inZone: (time: string, zone: string) => `${time} (${zone})`,
    zoneNames: { "America/Santiago": "Chile time" } as Record<string, string>,
    cityTime: (city: string) => `${city} time`,
    repeats: {
      weekly: (until: string) => `Every week until ${until}`,
      monthly: (until: string) => `Every month until ${until}`,
    },
    dates: "Next dates",
    cancelDate: "Cancel this date",
    cancelDateLabel: (date: string) => `Cancel the gathering of ${date}`,
    cancelDateConfirm: (date: string) => `Cancel the gathering of ${date}? Everyone who answered will be told.`,
    attendees: "Attendees",
    attendeesCsv: "Download CSV",
    noAttendees: "No answers yet.",
    attendeeStatus: { going: "Going", waitlisted: "Waitlist", maybe: "Maybe", declined: "Not going" },
    saveFailed: "Could not save the gathering",
    cancelFailed: "Could not cancel the gathering",
    form: {
      title: "Title",
      description: "Description",
      descriptionHint: "Markdown: **bold**, *italic*, lists and links.",
      start: "Starts",
      end: "Ends",
      timeZone: "Time zone",
      timeZoneHint: "An IANA zone, like America/Santiago. Times are that zone's wall-clock times.",
      location: "Where",
      place: "Place",
      meetingUrl: "Meeting link",
      meetingUrlHint: "Shown only to members who are going.",
      capacity: "Places",
      capacityHint: "Leave empty for no limit.",
      paidOnly: "Only for paying members",
      repeat: "Repeats",
      repeatNever: "Does not repeat",
      repeatWeekly: "Every week",
      repeatMonthly: "Every month",
      repeatUntil: "Until",
      create: "Create gathering",
      save: "Save changes",
      saving: "Saving",
    },
    notifications: {
      reminder24h: (title: string) => `Tomorrow: ${title}`,
      reminder1h: (title: string) => `Starting within the hour: ${title}`,
      cancelled: (title: string) => `Cancelled: ${title}`,
      occurrenceCancelled: (title: string, date: string) => `Cancelled on ${date}: ${title}`,
      moved: (title: string, when: string) => `${title} moved to ${when}`,
      promoted: (title: string) => `A place opened up: you're going to ${title}`,
    },
    feed: {
      title: "Calendar subscription",
      text: "Subscribe in Google Calendar or Apple Calendar to see the gatherings you're going to.",
      create: "Create my calendar link",
      renew: "Make a new link",
      renewHint: "A new link stops the old one from working.",
      turnOff: "Turn off",
      active: (date: string) =>
        `Active since ${date}. The link is shown only when it is made: make a new one if you lost it.`,
      inactive: "You have no calendar link.",
      linkLabel: "Your calendar link",
      copy: "Copy link",
      copied: "Copied!",
      failed: "Could not update your calendar link",
    },
  },
};

/** The shell's part of every language's catalogue (client/i18n/es.ts is typed against it). */
export type ShellCatalog = Widen<typeof en>;
/** The sections that load with the screens that show them (each words.es.ts is typed against its words.ts). */
type ScreenWords = typeof import("./lounge/words").words &
  typeof import("./chat/words").words &
  typeof import("./admin/words").words &
  typeof import("./profile/payment-words").words &
  typeof import("./profile/words").words &
  typeof import("./resources/words").words;
/** The API's error texts by code, in a translation: English shows the server's own `error` (client/api.ts). */
export type ErrorTexts = Widen<typeof API_ERRORS>;
/** A translation's shell: the API's error texts with it (client/i18n/es.ts). */
export type TranslatedShellCatalog = ShellCatalog & { errors: ErrorTexts };
/**
 * The whole catalogue. A screen's sections are there once its words have loaded: the route's `lazy`
 * waits for them (client/screens.ts), so a screen, its loader and its dialogs always find them.
 */
export type Catalog = ShellCatalog & Widen<ScreenWords> & { errors?: ErrorTexts };
const shell: ShellCatalog = en;
export const ENGLISH = shell as Catalog;

/** The active language's catalogue. Read it at render time (not in module-level constants). */
export let TEXT: Catalog = ENGLISH;

/**
 * Points `TEXT` at another catalogue; only setLanguage() calls it (then the app re-renders), after it
 * has added the words of the screens loaded so far.
 */
export function activateCatalog(catalog: ShellCatalog) {
  TEXT = catalog as Catalog;
}
