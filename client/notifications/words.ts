// The words of notifications in English, loaded with the screens and parts that show them
// (client/i18n/language.ts WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.

import { AUTORENEW } from "../../worker/shared/rules";

export const words = {
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
    renewalRefused: `Your automatic renewal was refused. You keep access for ${AUTORENEW.graceDays} days: enrol a new card to renew.`,
    membershipEnding: (date: string) => `Your membership ends on ${date}. Renew to keep your access.`,
    channelInvite: (who: string, channel: string) => `${who} invited you to the private channel #${channel}`,
    /** The channel is one the reader can no longer read: its name is not shown. */
    channelInviteHidden: (who: string) => `${who} invited you to a private channel`,
    mentionHiddenChat: (who: string) => `${who} mentioned you in a private channel`,
    replyChat: (who: string, channel: string) => `${who} replied to you in #${channel}`,
    replyHiddenChat: (who: string) => `${who} replied to you in a private channel`,
    lessonOpened: "A new lesson of your program is open",
    cohortStarting: "Your program's cohort starts tomorrow",
    reactionPost: (who: string, count: number) =>
      count <= 1 ? `${who} reacted to your post` : `${who} and ${count - 1} more reacted to your post`,
    reactionComment: (who: string, count: number) =>
      count <= 1 ? `${who} reacted to your comment` : `${who} and ${count - 1} more reacted to your comment`,
    reactionChat: (who: string, count: number, channel: string) =>
      count <= 1
        ? `${who} reacted to your message in #${channel}`
        : `${who} and ${count - 1} more reacted to your message in #${channel}`,
    reactionHiddenChat: (who: string, count: number) =>
      count <= 1
        ? `${who} reacted to your message in a private channel`
        : `${who} and ${count - 1} more reacted to your message in a private channel`,
    priceChange: (plan: string, from: string, to: string, date: string) =>
      `The ${plan} plan's price rises from ${from} to ${to}: your automatic renewal pays the new price from ${date}.`,
    priceChangeUnknown: "The price of your plan changes.",
    decline: "Decline",
    declineLabel: (channel: string) => `Decline the invitation to #${channel}`,
    declineFailed: "The invitation could not be declined. Please try again.",
  },
};
