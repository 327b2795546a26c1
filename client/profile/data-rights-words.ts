// The words of dataRights and account in English (the profile's data rights section: the export and the account's
// deletion), loaded with the sections under the profile's card (client/i18n/language.ts WORDS; docs/client.md
// "Words"). data-rights-words.es.ts is the same in Spanish.
import { ACCOUNT_TEXTS } from "../../worker/shared/texts/account";

export const words = {
  /** The account deletion's rules (client/profile/DataRights.tsx). */
  account: ACCOUNT_TEXTS,
  dataRights: {
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
