// What the notifications feature offers the others; anything not named here is its own.
export { enqueue, notifyLater, vapidKeys } from "./deliver";
export { buildGiftEmail, buildInvitationEmail } from "./email/build";
export type { OutboxMessage } from "./email/send";
export { readOutbox } from "./email/send";
export { countDeadLetters } from "./queries/deliveries";
export type { Notified } from "./queries/write";
export {
  noticeAutorenewCharges,
  notifyAnswerers,
  notifyChannelInvite,
  notifyCohortStarting,
  notifyComment,
  notifyEventReminders,
  notifyInvitationsBinding,
  notifyLessonOpened,
  notifyLike,
  notifyMentions,
  notifyPinnedNotice,
  notifyPriceChange,
  notifyPromoted,
  notifyReaction,
  notifyRenewalRefused,
  notifyReply,
  paymentResult,
  remindMembershipsEnding,
} from "./queries/write";
