// Moderation's writes from the member's side: filing a report. A data-only route's action,
// so the post card, the comments dialog and the chat submit it the same way through a fetcher.
import type { ReportKind, ReportReason } from "../../worker/shared/rules";
import { api, errorCode, errorText, unwrap } from "../api";
import { type ActionResult, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import { TEXT } from "../text";

export type ReportIntent = { kind: ReportKind; id: number; reason: ReportReason; details: string };

/** `alreadyReported`: this member had reported it before (the server's `already_reported`), nothing new was filed. */
export async function reportAction({
  request,
}: {
  request: Request;
}): Promise<ActionResult<{ alreadyReported: boolean }>> {
  const { kind, id, reason, details } = await readIntent<ReportIntent>(request);
  try {
    await unwrap(
      sendIdempotent((o) => api.reports.$post({ json: { kind, id, reason, details: details.trim() || null } }, o)),
    );
    return { ok: true, value: { alreadyReported: false } };
  } catch (err) {
    if (errorCode(err) === "already_reported") return { ok: true, value: { alreadyReported: true } };
    return { ok: false, error: errorText(err, TEXT.reportDialog.reportFailed) };
  }
}
