import { api, errorText, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export const ADMIN_PATH = "/admin";

/**
 * Members, payments, the dashboard figures and the payment configuration, in parallel. No sample data on failure: an admin
 * table must never show people who do not exist. The mode is only for the configuration notice:
 * without an answer the dashboard still works.
 */
export async function adminLoader() {
  try {
    const [members, payments, stats, mode] = await Promise.all([
      unwrap(api.admin.members.$get()),
      unwrap(api.admin.payments.$get()),
      unwrap(api.admin.stats.$get()),
      unwrap(api.payments.mode.$get()).catch(() => null),
    ]);
    return { ok: true as const, members, payments, stats, mode };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.admin.loadFailed) };
  }
}

export type AdminIntent = { intent: "mute"; id: number; hours: number } | { intent: "unmute"; id: number };

/** The dashboard's writes submitted through fetchers (moderation, issue 20); the router then reloads the dashboard. */
export async function adminAction({ request }: { request: Request }) {
  const body = await readIntent<AdminIntent>(request);
  const param = { id: String(body.id) };
  switch (body.intent) {
    case "mute":
      return attempt(() => unwrap(api.admin.members[":id"].mute.$post({ param, json: { hours: body.hours } })));
    case "unmute":
      return attempt(() => unwrap(api.admin.members[":id"].mute.$delete({ param })));
  }
}
