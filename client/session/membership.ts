import { api, unwrap } from "../api";

export type MembershipStatusView = Awaited<ReturnType<typeof fetchMembershipStatus>>;

/** Paid access is decided by the server; the client only asks. */
export const fetchMembershipStatus = () => unwrap(api.membership.status.$get());
