// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
import { LIMITS } from "../rules";

export const PROFILE_TEXTS = {
  notFound: "Profile not found",
  saveFailed: "Failed to save profile",
  detailsSaveFailed: "Failed to save your details",
  timezoneInvalid: "Timezone must be a valid IANA time zone, like America/Santiago",
  entryBlank: "Entries cannot be blank",
  socialUrlInvalid: "Social links must be http(s) URLs",
  socialsTooMany: `At most ${LIMITS.socialsMax} social links`,
  notSet: "Not set",
  sessionsLoadFailed: "Failed to load your sessions",
  signOutOthersFailed: "Failed to sign out other sessions",
  signedOutOthers: (n: number) => `Signed out ${n} other session${n === 1 ? "" : "s"}.`,
} as const;
