// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
import { MODERATION } from "../rules";

export const ACCOUNT_TEXTS = {
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
} as const;
