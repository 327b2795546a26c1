// The notifications' and mentions' limits that only the server applies (worker/shared/rules.ts LIMITS has
// the mention prefix's length, which the client checks too).

export const NOTIFICATION_LIMITS = {
  /** GET /api/notifications: the newest this-many; POST /api/notifications/read: at most this many ids. */
  notificationsListMax: 50,
  notificationIdsMax: 100,
  /** Mentions: users notified per text at most. */
  mentionsMax: 10,
  /** @mention autocomplete (GET /api/mentions): the names answered. */
  mentionSuggestions: 8,
  /** The membership reminder goes out this many days before the membership ends. */
  membershipReminderDays: 3,
  /**
   * Web Push: the browsers a member keeps subscribed at most (a phone, a laptop, a few more); subscribing
   * another forgets the oldest, so a notification never fans out to an unbounded list of endpoints.
   */
  pushDevicesMax: 10,
} as const;
