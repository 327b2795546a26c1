// The settings' words in English (client/settings/): the list of sections, each section's own words beyond the
// groups it shares with other screens (notificationSettings, payments, profile, dataRights, events). Loaded with the
// settings' screen (client/i18n/word-groups.ts WORDS); words.es.ts is the same in Spanish.

export const words = {
  settings: {
    title: "Settings",
    sectionsLabel: "Settings sections",
    back: "All settings",
    choose: "Choose a section to see and change its settings.",
    loadingSection: "Loading this section",
    sections: {
      notifications: { name: "Notifications", hint: "What reaches you, and where" },
      membership: { name: "Membership", hint: "Plan, automatic renewal, receipts" },
      privacy: { name: "Privacy", hint: "Who may message you, blocked members" },
      devices: { name: "Devices", hint: "Push, sessions, signing out elsewhere" },
      calendar: { name: "Calendar", hint: "Your gatherings in your calendar app" },
      data: { name: "Your data", hint: "Download everything, or delete your account" },
    },
    groups: {
      conversations: { name: "Conversations", hint: "Mentions, replies, reactions and channel invitations" },
      community: { name: "Community", hint: "Comments and likes on your posts, pinned notices" },
      events: { name: "Gatherings", hint: "Reminders, changes, a seat freed for you" },
      programs: { name: "Programs", hint: "A new lesson opened, your cohort starting" },
      membership: { name: "Membership and payments", hint: "Receipts, reminders, automatic charges" },
    },
    /** A group's switch for one channel, named for screen readers ("Conversations by email"). */
    groupChannel: (group: string, channel: string) => `${group}: ${channel}`,
    kindsShow: (n: number) => `Choose each of the ${n} kinds`,
    always: "Always",
    digestHint: "One email with what you missed, besides the emails chosen above.",
    plan: {
      title: "Your plan",
      price: (price: string, days: number) => `${price} for ${days} days`,
      active: (date: string) => `Active until ${date}`,
      trial: (date: string) => `Free trial until ${date}`,
      none: "You have no active membership.",
      expired: "Your membership has ended.",
      admin: "As an admin you have full access without a membership.",
      join: "See the membership",
      loadFailed: "Could not load your membership.",
    },
    history: {
      showing: (shown: number, total: number) => `Showing ${shown} of ${total} payments`,
      more: "Show more payments",
    },
    devices: {
      pushTitle: "Push on your devices",
      sessionsHint: "Where you are signed in. Sign out everywhere else if a device is lost or shared.",
    },
    privacyHint: "Who can reach you directly, and whom you have blocked.",
    privacyLoadFailed: "Could not load who may message you.",
  },
};
