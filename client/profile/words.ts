// The words of profile, dataRights, account in English, loaded with the screens that show them (client/i18n/language.ts
// WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.
import { ACCOUNT_TEXTS } from "../../worker/shared/texts/account";
import { PROFILE_TEXTS } from "../../worker/shared/texts/profile";

export const words = {
  /** The account deletion's rules (client/profile/DataRights.tsx). */
  account: ACCOUNT_TEXTS,
  profile: {
    ...PROFILE_TEXTS,
    sessionsTitle: "Active sessions",
    signOutOthers: "Sign out other sessions",
    thisDevice: "This device",
    unknownDevice: "Unknown device",
    agent: (browser: string, system: string) => `${browser} on ${system}`,
    sessionDates: (signedIn: string, expires: string) => `Signed in ${signedIn} · expires ${expires}`,
    /** The profile page (client/profile/ProfilePage.tsx, EntryListEditor.tsx). */
    title: "Your Cosmic Profile",
    edit: "Edit Profile",
    save: "Save Changes",
    saving: "Saving...",
    aboutLabel: "About you",
    nameLabel: "Display name",
    bioLabel: "Bio",
    timezoneLabel: "Timezone",
    timezonePlaceholder: "e.g. America/Santiago",
    memberSince: "Member since",
    socialsLabel: "Social links",
    goals: {
      title: "Goals",
      empty: "No goals yet. Choose Edit Profile to add some.",
      entryLabel: (n: number) => `Goals ${n}`,
      remove: (entry: string) => `Remove goal: ${entry}`,
      newLabel: "New goal",
      placeholder: "Add a goal",
      add: "Add goal",
      full: (max: number) => `At most ${max} goals.`,
    },
    interests: {
      title: "Interests",
      empty: "No interests yet. Choose Edit Profile to add some.",
      entryLabel: (n: number) => `Interests ${n}`,
      remove: (entry: string) => `Remove interest: ${entry}`,
      newLabel: "New interest",
      placeholder: "Add an interest",
      add: "Add interest",
      full: (max: number) => `At most ${max} interests.`,
    },
    activityTitle: "Cosmic Activity",
    activity: {
      lounge: { title: "Share in the Lounge", text: "Your reflections light the way for others." },
      chat: { title: "Gather in Chat", text: "Kindred souls are waiting in the channels." },
      resources: { title: "Explore Resources", text: "Meditations and guides for your journey." },
      grow: { title: "Grow Each Day", text: "Small steps, cosmic change." },
    },
  },
  dataRights: {
    title: "Your data",
    intro:
      "Chile's personal data law (Law 21.719) gives you the right to see, take away and delete what Cosmic Lounge holds about you.",
    download: "Download my data",
    downloadHint:
      "One JSON file: your account and profile, membership, posts, comments, chat messages, likes, payments, sessions, channels, uploads, the reports you filed and your answers to gatherings.",
    deleteButton: "Delete my account",
    deleteHint: "Ends every session at once. This cannot be undone.",
    deleteTitle: "Delete your account",
    deletedHeading: "Deleted at once",
    anonymisedHeading: "Kept without your name",
    keptHeading: "Kept for the law",
    confirmLabel: (email: string) => `Type your email (${email}) to confirm`,
    confirmButton: "Delete my account for good",
    deleting: "Deleting your account",
    deleteFailed: "Your account could not be deleted. Please try again.",
  },
};
