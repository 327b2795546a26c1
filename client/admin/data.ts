import { api, errorText, unwrap } from "../api";
import { TEXT } from "../text";

/** Members and payments, in parallel. No sample data on failure: an admin table must never show people who do not exist. */
export async function adminLoader() {
  try {
    const [members, payments] = await Promise.all([unwrap(api.admin.members.$get()), unwrap(api.admin.payments.$get())]);
    return { ok: true as const, members, payments };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.admin.loadFailed) };
  }
}
