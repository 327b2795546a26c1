// What the payments feature offers the others; anything not named here is its own.
export { inscriptionRemoval } from "./autorenew";
export { autorenewMissing } from "./oneclick";
export { findEnrolment } from "./queries/autorenew";
export { getMembership, membershipRow, membershipView } from "./queries/memberships";
export { paymentsMode, refundPayment } from "./settle";
