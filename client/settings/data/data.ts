// The data section's writes: deleting the account (confirmed by the member's own email). Its export is a download
// straight from the API (Content-Disposition: attachment).
import { api, unwrap } from "../../api";
import { attempt, readIntent, skipAfter } from "../../data/actions";
import { TEXT } from "../../text";

export const PROFILE_EXPORT_PATH = "/api/profile/export";

export type DataIntent = { intent: "delete-account"; confirm: string };

export async function dataSettingsAction({ request }: { request: Request }) {
  const { confirm } = await readIntent<DataIntent>(request);
  return attempt(() => unwrap(api.profile.$delete({ json: { confirm } })), TEXT.dataRights.deleteFailed);
}

/** After deleting the account there is nothing to load again: the member leaves for the landing page. */
export const skipAfterAccountDeletion = skipAfter("delete-account");
