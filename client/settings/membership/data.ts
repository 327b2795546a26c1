// The membership section's data and writes: the membership's status (the plan, automatic renewal, the next charge)
// and the member's payments, each failing on its own; its action runs automatic renewal's writes.
import { api, unwrap } from "../../api";
import { type AutorenewIntent, autorenewAction } from "../../autorenew/actions";
import { readIntent } from "../../data/actions";
import { fetchMembershipStatus } from "../../session/membership";
import { part } from "../part";

export async function membershipSettingsLoader() {
  const [membership, payments] = await Promise.all([
    part(fetchMembershipStatus()),
    part(unwrap(api.membership.payments.$get())),
  ]);
  return { membership, payments };
}

export type PaymentsData = Awaited<ReturnType<typeof membershipSettingsLoader>>["payments"];

export async function membershipSettingsAction({ request }: { request: Request }) {
  return autorenewAction(await readIntent<AutorenewIntent>(request));
}
