// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const AUTORENEW_TEXTS = {
  notEnrolled: "Automatic renewal is not on",
  adminHasNoMembership: "Admins have no membership to renew",
  transbankUnavailable: "Transbank could not be reached. Nothing was changed; please try again.",
  enrolmentPending:
    "A card enrolment is already under way: finish it on Transbank's page, or try again in a few minutes",
} as const;
