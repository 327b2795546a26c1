// What the payments feature offers the others; anything not named here is its own.

export { getMembership, membershipRow, membershipView } from "../../db/memberships";
export { inscriptionRemoval } from "./autorenew";
export { autorenewMissing } from "./oneclick";
export { findEnrolment } from "./queries/autorenew";
export { trialAndPausesOf } from "./queries/trials";
export { paymentsMode, refundPayment } from "./settle";
