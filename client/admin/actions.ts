// The dashboard's action: every admin write, one intent each (docs/client.md#writes). It loads with
// the dashboard's screen (the route's lazy action), not with the app's shell.
import type { Role } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";
import { validateKeys } from "./keys";

export type AdminIntent =
  | { intent: "add-member"; email: string; name: string | null; role: Role }
  | { intent: "set-role"; id: number; role: Role }
  | { intent: "delete-member"; id: number }
  | { intent: "mute"; id: number; hours: number }
  | { intent: "unmute"; id: number }
  | { intent: "refund"; id: number }
  | { intent: "delete-payment"; id: number }
  | { intent: "clear-payments" }
  | { intent: "test-keys" }
  | { intent: "resolve-report"; id: number; action: "hide" | "dismiss" };

/** Every dashboard write, submitted through fetchers; the router then reloads the dashboard (not after a key test). */
export async function adminAction({ request }: { request: Request }) {
  const body = await readIntent<AdminIntent>(request);
  const param = { id: "id" in body ? String(body.id) : "" };
  switch (body.intent) {
    case "add-member":
      return attempt(
        () => unwrap(api.admin.members.$post({ json: { email: body.email, name: body.name, role: body.role } })),
        TEXT.admin.addMemberFailed,
      );
    case "set-role":
      return attempt(
        () => unwrap(api.admin.members[":id"].$patch({ param, json: { role: body.role } })),
        TEXT.admin.updateRoleFailed,
      );
    case "delete-member":
      return attempt(() => unwrap(api.admin.members[":id"].$delete({ param })), TEXT.admin.deleteMemberFailed);
    case "mute":
      return attempt(() => unwrap(api.admin.members[":id"].mute.$post({ param, json: { hours: body.hours } })));
    case "unmute":
      return attempt(() => unwrap(api.admin.members[":id"].mute.$delete({ param })));
    case "refund":
      return attempt(() => unwrap(api.admin.payments[":id"].refund.$post({ param })), TEXT.payments.refundFailed);
    case "delete-payment":
      return attempt(() => unwrap(api.admin.payments[":id"].$delete({ param })), TEXT.admin.deletePaymentFailed);
    case "clear-payments":
      return attempt(() => unwrap(api.admin.payments["clear-all"].$delete()), TEXT.admin.clearPaymentsFailed);
    case "test-keys":
      return attempt(validateKeys, TEXT.admin.validateKeysFailed);
    case "resolve-report":
      return attempt(() => unwrap(api.admin.reports[":id"].resolve.$post({ param, json: { action: body.action } })));
  }
}
