import { api, errorText, unwrap } from "../api";
import { TEXT } from "../text";

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
