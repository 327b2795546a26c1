// The words of notify in English, loaded with the profile's notification settings (client/i18n/language.ts
// WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.

export const words = {
  /** Delivery outside the app (issue 33): the profile's notification settings (client/notify/). */
  notify: {
    title: "Notifications",
    intro: "Choose where each kind of notification reaches you.",
    loading: "Loading your notification settings",
    loadFailed: "Could not load your notification settings.",
    saved: "Notification settings saved.",
    saveFailed: "Could not save your notification settings.",
    kind: "Kind",
    channels: { in_app: "In the app", push: "Push", email: "Email" },
    kinds: {
      comment: "Comments on my posts",
      like: "Likes on my posts",
      mention: "Mentions",
      notice: "Pinned notices",
      payment: "Payments and receipts",
      membership_ending: "Membership reminder",
      channel_invite: "Channel invitations",
      reply: "Replies to your messages",
      event_reminder: "Gathering reminders",
      event_cancelled: "Cancelled gatherings",
      event_moved: "Gatherings with a new time",
      event_promoted: "A seat freed for you",
      autorenew_notice: "Automatic charge notices",
    },
    fixed: "Receipts always go by email: they are the record of a payment.",
    choice: (kind: string, channel: string) => `${kind}: ${channel}`,
    digest: "Email digest",
    digests: { off: "Off", daily: "Daily", weekly: "Weekly" },
    devicesTitle: "Devices with push",
    noDevices: "No device receives push yet.",
    enablePush: "Turn on push on this device",
    pushUnsupported: "This browser cannot receive push notifications.",
    pushDenied: "Push is blocked for this site in the browser's settings.",
    pushEnabled: "Push is on for this device.",
    removeDevice: "Remove",
    removeDeviceLabel: (device: string) => `Stop push on ${device}`,
    since: (date: string) => `Since ${date}`,
  },
};
